/**
 * Server rendering of a widget into Declarative Shadow DOM (DESIGN §2): used by the
 * site build and by the worker when a newer catalogue is published. The markup equals
 * the widget's first client render, and the style element carries the same CSS the
 * client adopts, so the upgrade shifts nothing.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import type { Catalogue } from './model.ts';
import { INLINE_CATALOGUE_ID } from './catalogue-source.ts';

/** The inside of a widget's element: `<template shadowrootmode="open"><style>css</style>markup</template>`. */
export function declarativeShadow(css: string, element: ReactElement): string {
  const markup = renderToString(element as unknown as VNode);
  return `<template shadowrootmode="open"><style>${css}</style>${markup}</template>`;
}

/** The catalogue as JSON safe inside an HTML data block. */
export function catalogueJson(catalogue: Catalogue): string {
  return JSON.stringify(catalogue).replace(/</g, '\\u003c');
}

export { INLINE_CATALOGUE_ID };

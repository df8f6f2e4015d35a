/**
 * What the admin panel (and the pricing cards it previews) import from 'react', taken from
 * Preact itself: the panel is not a custom element, so it needs none of preact/compat (its
 * React names, event renaming and SVG attribute conversion; 2 KB gzipped). Text inputs listen
 * with `onInput`; `onChange` is for selects, checkboxes, dates and files, where the DOM's
 * change event is the one meant. The build aliases 'react' to this file for the admin only.
 */
export { Component, Fragment } from 'preact';
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

/**
 * Widgets as the site embeds them: pre-rendered into Declarative Shadow DOM with the
 * page's catalogue, which also goes into the page as inline JSON (DESIGN §2).
 *
 * `shadowRenderers` is the one place that says how a tag's shadow markup is made from
 * its attributes and a catalogue: the site build uses it, and so does the worker when
 * it re-renders our pages for a newly published catalogue (worker/catalogue/prerendered.ts).
 * A widget pre-rendered on a page with prices registers its tag here.
 */
import type { Catalogue } from './core/model.ts';
import { INLINE_CATALOGUE_ID, catalogueJson, declarativeShadow } from './core/prerender.tsx';
import { Pricing } from './pricing/Pricing.tsx';
import { pricingCss } from './pricing/styles.ts';
import { Models } from './models/Models.tsx';
import { modelsCss } from './models/styles.ts';
import { Configurator } from './configurator/Configurator.tsx';
import { configuratorCss } from './configurator/styles.ts';
import { FallbackPanel } from './core/Fallback.tsx';
import { FALLBACK, SLOW_LOADING } from './core/texts.ts';
import type { ReactNode } from 'react';

/** A pre-rendered element's attributes, as props (`configurator-url` → `configuratorUrl`). */
export type ElementProps = Record<string, string>;

/** A boolean attribute as the widgets read it (DESIGN §2): present is true, absent or "false" is false. */
const flag = (value: string | undefined): boolean => value !== undefined && value !== 'false';

export const shadowRenderers: Record<string, (props: ElementProps, catalogue: Catalogue) => string> = {
  'kserowo-pricing': (props, catalogue) => declarativeShadow(pricingCss, <Pricing {...props} catalogue={catalogue} />),
  'kserowo-models': ({ limit, order, filters, syncUrl, ...rest }, catalogue) =>
    declarativeShadow(
      modelsCss,
      <Models
        {...rest}
        limit={limit === undefined ? undefined : Number(limit)}
        order={order}
        filters={flag(filters)}
        syncUrl={flag(syncUrl)}
        catalogue={catalogue}
      />,
    ),
  'kserowo-configurator': ({ syncUrl, ...rest }, catalogue) =>
    declarativeShadow(configuratorCss, <Configurator {...rest} syncUrl={flag(syncUrl)} catalogue={catalogue} />),
};

/** Element attributes as the props r2wc gives the component. */
export function propsOfAttributes(attributes: Iterable<[string, string]>): ElementProps {
  const props: ElementProps = {};
  for (const [name, value] of attributes) props[name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase())] = value;
  return props;
}

export function InlineCatalogue({ catalogue }: { catalogue: Catalogue }) {
  return (
    <script
      type="application/json"
      id={INLINE_CATALOGUE_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server-rendered markup (escaped by preact-render-to-string) or JSON made safe by catalogueJson
      dangerouslySetInnerHTML={{ __html: catalogueJson(catalogue) }}
    />
  );
}

export function PricingWidget({ catalogue, type = 'color' }: { catalogue: Catalogue; type?: 'mono' | 'color' }) {
  return (
    <kserowo-pricing
      type={type}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server-rendered markup (escaped by preact-render-to-string) or JSON made safe by catalogueJson
      dangerouslySetInnerHTML={{ __html: shadowRenderers['kserowo-pricing']!({ type }, catalogue) }}
    />
  );
}

export interface ModelsWidgetProps {
  catalogue: Catalogue;
  limit?: number;
  order?: 'popular' | 'price';
  filters?: boolean;
  syncUrl?: boolean;
}

/** `<kserowo-models>` with the same attributes on the element and in its pre-rendered first render. */
export function ModelsWidget({ catalogue, limit, order, filters, syncUrl }: ModelsWidgetProps) {
  const attributes = {
    ...(limit === undefined ? {} : { limit: String(limit) }),
    ...(order === undefined ? {} : { order }),
    ...(filters ? { filters: '' } : {}),
    ...(syncUrl ? { 'sync-url': '' } : {}),
  };
  return (
    <kserowo-models
      {...attributes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server-rendered markup (escaped by preact-render-to-string) or JSON made safe by catalogueJson
      dangerouslySetInnerHTML={{
        __html: shadowRenderers['kserowo-models']!(propsOfAttributes(Object.entries(attributes)), catalogue),
      }}
    />
  );
}

export interface ConfiguratorWidgetProps {
  catalogue: Catalogue;
  device?: string;
  package?: string;
  syncUrl?: boolean;
}

/**
 * `<kserowo-configurator>` pre-rendered at its first step (or step 2 for a `device`) with the
 * same component as the client, so the upgrade shifts nothing. A `?device=` in the page URL
 * (unknown to a static page) makes the first client render step 2: it replaces the step 1 nodes
 * below the same progress bar and heading, so nothing already on screen moves (layout-shift test).
 */
export function ConfiguratorWidget({ catalogue, device, package: level, syncUrl }: ConfiguratorWidgetProps) {
  const attributes = {
    ...(device === undefined ? {} : { device }),
    ...(level === undefined ? {} : { package: level }),
    ...(syncUrl ? { 'sync-url': '' } : {}),
  };
  return (
    <kserowo-configurator
      {...attributes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server-rendered markup (escaped by preact-render-to-string) or JSON made safe by catalogueJson
      dangerouslySetInnerHTML={{
        __html: shadowRenderers['kserowo-configurator']!(propsOfAttributes(Object.entries(attributes)), catalogue),
      }}
    />
  );
}

/**
 * A widget with the section fallback it turns into (spec §2 named title on its route, else
 * spec §8 'Coś poszło nie tak'). Hidden in the HTML; the site script shows it when the widget
 * script is unavailable, the widget's chunk fails or does not come in time, or the widget
 * fails to render (site/script/site.ts).
 */
export function WidgetArea({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="widget-area" data-widget-area="">
      <WidgetFallback title={title} />
      {children}
    </div>
  );
}

export function WidgetFallback({ title }: { title?: string }) {
  return (
    <>
      {/* A live region, empty until the site script writes its text in while the widget's code is late
          on a slow connection, and empty again when the code arrives (site/script/site.ts). */}
      <p className="widget-slow" data-widget-slow={SLOW_LOADING} role="status" />
      <div className="widget-fallback" data-widget-fallback="" role="alert" hidden>
        <FallbackPanel title={title} />
      </div>
    </>
  );
}

/**
 * The one placeholder our pages put inside a widget that has nothing pre-rendered (a form):
 * spec §2's spinner with 'Ładowanie...' until the widget's code renders, and `noScript`, the
 * "works with JavaScript" note, in `<noscript>`. Without JavaScript the site's CSS hides the
 * loading text (`@media (scripting: none)`): nothing is loading then, only the note shows.
 */
export function WidgetPlaceholder({ noScript }: { noScript: ReactNode }) {
  return (
    <>
      <p className="widget-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {FALLBACK.loading}
      </p>
      <noscript>{noScript}</noscript>
    </>
  );
}

/**
 * Widgets as the site embeds them: pre-rendered into Declarative Shadow DOM with the
 * page's catalogue, which also goes into the page as inline JSON (DESIGN §2).
 */
import type { Catalogue } from '../widgets/core/model.ts';
import { INLINE_CATALOGUE_ID, catalogueJson, declarativeShadow } from '../widgets/core/prerender.tsx';
import { Pricing } from '../widgets/pricing/Pricing.tsx';
import { pricingCss } from '../widgets/pricing/styles.ts';
import { Models } from '../widgets/models/Models.tsx';
import { modelsCss } from '../widgets/models/styles.ts';
import { baseCss } from '../widgets/core/theme.ts';
import { Loading } from '../widgets/core/Fallback.tsx';

export function InlineCatalogue({ catalogue }: { catalogue: Catalogue }) {
  return <script type="application/json" id={INLINE_CATALOGUE_ID} dangerouslySetInnerHTML={{ __html: catalogueJson(catalogue) }} />;
}

export function PricingWidget({ catalogue, type = 'color' }: { catalogue: Catalogue; type?: 'mono' | 'color' }) {
  return (
    <kserowo-pricing
      type={type}
      dangerouslySetInnerHTML={{ __html: declarativeShadow(pricingCss, <Pricing type={type} catalogue={catalogue} />) }}
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
      dangerouslySetInnerHTML={{
        __html: declarativeShadow(modelsCss, <Models limit={limit} order={order} filters={filters} syncUrl={syncUrl} catalogue={catalogue} />),
      }}
    />
  );
}

/** The configurator shows 'Ładowanie...' in its box until its chunk has loaded (loaded on demand). */
export function ConfiguratorWidget(props: { device?: string; package?: string; syncUrl?: boolean }) {
  return (
    <kserowo-configurator
      device={props.device}
      package={props.package}
      sync-url={props.syncUrl ? '' : undefined}
      dangerouslySetInnerHTML={{ __html: declarativeShadow(baseCss, <div className="k-root"><Loading /></div>) }}
    />
  );
}

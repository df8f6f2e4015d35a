/**
 * Widgets as the site embeds them: pre-rendered into Declarative Shadow DOM with the
 * page's catalogue, which also goes into the page as inline JSON (DESIGN §2).
 */
import type { Catalogue } from '../widgets/core/model.ts';
import { INLINE_CATALOGUE_ID, catalogueJson, declarativeShadow } from '../widgets/core/prerender.tsx';
import { Pricing } from '../widgets/pricing/Pricing.tsx';
import { pricingCss } from '../widgets/pricing/styles.ts';

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

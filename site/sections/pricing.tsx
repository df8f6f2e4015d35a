/** Home section 8: pricing (spec §2 item 8) with the pre-rendered `<kserowo-pricing>`. */
import type { Catalogue } from '../../widgets/core/model.ts';
import { pricing } from '../content/home.ts';
import { PricingWidget } from '../widgets.tsx';

export function PricingSection({ catalogue }: { catalogue: Catalogue }) {
  return (
    <section id="pricing" className="section" aria-labelledby="pricing-title">
      <div className="wrap">
        <h2 id="pricing-title">{pricing.title}</h2>
        <p className="section-lead">{pricing.subtitle}</p>
        <PricingWidget catalogue={catalogue} />
      </div>
    </section>
  );
}

/** Home section 8: pricing (spec §2 item 8) with the pre-rendered `<kserowo-pricing>`. */
import type { Catalogue } from '../../widgets/core/model.ts';
import { pricing } from '../content/home.ts';
import { PricingWidget, WidgetArea } from '../../widgets/prerender.tsx';
import { Section } from './section.tsx';
import { CalculatorLink } from './configurator-teaser.tsx';

export function PricingSection({ catalogue }: { catalogue: Catalogue }) {
  return (
    <Section id="pricing" title={pricing.title} lead={pricing.subtitle}>
      <WidgetArea>
        <PricingWidget catalogue={catalogue} />
      </WidgetArea>
      <CalculatorLink />
    </Section>
  );
}

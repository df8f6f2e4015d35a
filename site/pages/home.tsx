/** `/`: the home page, sections 2–15 of spec §2 in order (1 skip link and 16 footer are in the layout). */
import type { Catalogue } from '../../widgets/core/model.ts';
import { ComparisonSection, EcologySection, WhyRentSection } from '../sections/benefits.tsx';
import { ConfiguratorTeaserSection } from '../sections/configurator-teaser.tsx';
import { ContactSection } from '../sections/contact.tsx';
import { FaqSection } from '../sections/faq.tsx';
import { HeroSection } from '../sections/hero.tsx';
import { ModelsSection } from '../sections/models.tsx';
import { PricingSection } from '../sections/pricing.tsx';
import { ProcessSection } from '../sections/process.tsx';
import { ClientsSection, TestimonialsSection } from '../sections/social-proof.tsx';
import { StatsSection } from '../sections/stats.tsx';
import { WhyUsSection } from '../sections/why-us.tsx';

export function HomePage({ catalogue }: { catalogue: Catalogue }) {
  return (
    <>
      <HeroSection />
      <WhyRentSection />
      <ComparisonSection />
      <EcologySection />
      <ModelsSection catalogue={catalogue} />
      <ConfiguratorTeaserSection />
      <PricingSection catalogue={catalogue} />
      <ProcessSection />
      <StatsSection />
      <ClientsSection />
      <TestimonialsSection />
      <FaqSection />
      <WhyUsSection />
      <ContactSection />
    </>
  );
}

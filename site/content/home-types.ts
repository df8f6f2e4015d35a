/** The shapes of the home page's copy (site/content/home.ts), one per section. */
export interface Hero {
  title: string;
  lead: string;
  /** Shown before the list of city links. */
  citiesLabel: string;
  /** Goes to the configurator (spec: 'Skonfiguruj online'). */
  primaryCta: string;
  /** Scrolls to #contact (spec: 'Bezpłatna konsultacja'). */
  secondaryCta: string;
  trustPoints: string[];
}

export type BenefitIcon = 'calendar' | 'wrench' | 'sparkle' | 'swap' | 'bolt' | 'eye';

export interface Benefit {
  title: string;
  text: string;
  icon: BenefitIcon;
}

export interface WhyRentSection {
  title: string;
  subtitle: string;
  benefits: Benefit[];
}

export interface ComparisonRow {
  label: string;
  lease: string;
  purchase: string;
}

export interface ComparisonSection {
  title: string;
  subtitle: string;
  columns: { feature: string; lease: string; purchase: string };
  rows: ComparisonRow[];
  conclusion: string;
  /** Small print under the table. */
  note: string;
}

export interface EcologyHighlight {
  value: string;
  label: string;
}

export interface EcologyPoint {
  title: string;
  text: string;
}

export interface EcologySection {
  title: string;
  text: string;
  highlights: EcologyHighlight[];
  points: EcologyPoint[];
}

export interface ProductsSection {
  title: string;
  subtitle: string;
  allModelsLink: string;
}

export interface Step {
  title: string;
  text: string;
}

export interface ConfiguratorTeaser {
  title: string;
  text: string;
  steps: Step[];
  cta: string;
}

export interface PricingSection {
  title: string;
  subtitle: string;
}

export interface ProcessSection {
  title: string;
  subtitle: string;
  steps: Step[];
}

export interface StatsSection {
  title: string;
}

/** Titles of home sections 11–12; the entries are in site/content/social-proof.ts. */
export interface ClientsSection {
  title: string;
  subtitle: string;
}

export interface TestimonialsSection {
  title: string;
  subtitle: string;
}

export interface FaqItem {
  question: string;
  answer: string;
  /** Where the answer sends the reader, shown as links under it. */
  links?: { href: string; label: string }[];
}

export interface FaqSection {
  title: string;
  subtitle: string;
  items: FaqItem[];
}

export type WhyUsIcon = 'pin' | 'team' | 'badge';

export interface WhyUsPoint {
  title: string;
  text: string;
  icon: WhyUsIcon;
}

export interface WhyUsSection {
  title: string;
  points: WhyUsPoint[];
}

export interface ContactCard {
  title: string;
  text: string;
}

export interface ContactSection {
  title: string;
  subtitle: string;
  configuratorPromo: { title: string; text: string; cta: string };
  phoneCard: ContactCard;
  emailCard: ContactCard;
  hoursLabel: string;
}

export interface HomeContent {
  hero: Hero;
  whyRent: WhyRentSection;
  comparison: ComparisonSection;
  ecology: EcologySection;
  products: ProductsSection;
  configuratorTeaser: ConfiguratorTeaser;
  pricing: PricingSection;
  process: ProcessSection;
  stats: StatsSection;
  clients: ClientsSection;
  testimonials: TestimonialsSection;
  faq: FaqSection;
  whyUs: WhyUsSection;
  contact: ContactSection;
}

/**
 * The package summary cards of the pricing section (spec §2 item 8, §3 "Package
 * summary card", DESIGN §5) and their Polish copy.
 */
import {
  type Catalogue,
  type DeviceType,
  type Package,
  type PackageLevel,
  LEVEL_NAMES,
  PACKAGE_LEVELS,
} from './model.ts';
import { PREMIUM_SLA_HOURS, STANDARD_RESPONSE_HOURS, withinWorkingHours } from './terms.ts';

// The labels live apart so the model list can use them without the package copy below.
export { PRICING } from './price-labels.ts';

export interface PackageCopy {
  description: string;
  features: string[];
  /** Extras shown with a tooltip (spec §2 item 8: Premium has 'SLA {premiumSlaHours}h' and 'Bezpieczeństwo'). */
  extras: { label: string; tooltip: string }[];
}

/** Short description and features of each package card (DESIGN §5). The hours come from terms.ts;
 * literals that repeat stay literals, which gzip packs better than a shared constant. */
export const PACKAGE_COPY: Record<PackageLevel, PackageCopy> = {
  basic: {
    description: 'Dla małego biura, które drukuje niewiele, ale chce mieć spokój.',
    features: [
      'Serwis i toner w cenie',
      `Reakcja serwisu ${withinWorkingHours(STANDARD_RESPONSE_HOURS)}`,
      'Papier opcjonalnie',
    ],
    extras: [],
  },
  business: {
    description: 'Dla firm, które drukują codziennie i potrzebują większego limitu stron.',
    features: [
      'Serwis, toner i materiały eksploatacyjne w cenie',
      `Reakcja serwisu ${withinWorkingHours(STANDARD_RESPONSE_HOURS)}`,
      'Dwukrotnie większy limit stron',
      'Papier opcjonalnie',
    ],
    extras: [],
  },
  premium: {
    description: 'Dla biur, w których przestój urządzenia kosztuje najwięcej.',
    features: [
      'Serwis, toner i materiały eksploatacyjne w cenie',
      'Największy limit stron',
      'Urządzenie zastępcze na czas dłuższej naprawy',
      'Papier opcjonalnie',
    ],
    extras: [
      {
        label: `SLA ${PREMIUM_SLA_HOURS}h`,
        tooltip: `Gwarantowana reakcja serwisu ${withinWorkingHours(PREMIUM_SLA_HOURS)} od zgłoszenia (standardowo ${withinWorkingHours(STANDARD_RESPONSE_HOURS)}).`,
      },
      {
        label: 'Bezpieczeństwo',
        tooltip:
          'Urządzenie zastępcze na czas dłuższej naprawy oraz bezpieczne usunięcie danych z dysku przy zwrocie urządzenia.',
      },
    ],
  },
};

export interface PriceRange {
  min: number;
  max: number;
}

export interface PackageSummary {
  name: string;
  level: PackageLevel;
  type: DeviceType;
  priceRange: PriceRange;
  /** The lowest monthly price of this level among devices of the type ("od N zł"). */
  lowestPrice: number;
  /** Pages included by the device with the lowest price (a tie goes to the larger allowance). */
  includedPages: { mono: number; color?: number };
  description: string;
  features: string[];
  popular: boolean;
}

/** Pages a package includes, for comparing allowances: mono plus colour. */
const allowance = (pkg: Package): number => pkg.monthlyLimit + (pkg.colorLimit ?? 0);

/** The three package summary cards for one type (spec §3 "Package summary card", DESIGN §5). */
export function packageSummaries(catalogue: Catalogue, type: DeviceType): PackageSummary[] {
  const devices = catalogue.devices.filter((d) => d.type === type);
  return PACKAGE_LEVELS.flatMap((level) => {
    const packages = devices
      .map((d) => d.packages.find((p) => p.level === level))
      .filter((p): p is Package => p !== undefined);
    if (packages.length === 0) return [];
    const cheapest = packages.reduce((best, p) =>
      p.monthlyPrice < best.monthlyPrice || (p.monthlyPrice === best.monthlyPrice && allowance(p) > allowance(best))
        ? p
        : best,
    );
    const prices = packages.map((p) => p.monthlyPrice);
    const copy = PACKAGE_COPY[level];
    return [
      {
        name: LEVEL_NAMES[level],
        level,
        type,
        priceRange: { min: Math.min(...prices), max: Math.max(...prices) },
        lowestPrice: cheapest.monthlyPrice,
        includedPages:
          type === 'color'
            ? { mono: cheapest.monthlyLimit, color: cheapest.colorLimit ?? 0 }
            : { mono: cheapest.monthlyLimit },
        description: copy.description,
        features: copy.features,
        popular: level === 'business',
      },
    ];
  });
}

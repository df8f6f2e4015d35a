/**
 * 'Nie wiem, ile drukuję' and 'Porównaj z obecną umową': monthly pages from
 * two counter readings of the visitor's current device or from an office profile, the
 * recommendation explained with the costs of the other packages (the comparison with the
 * visitor's current contract is in comparison.ts). Pure functions over the live catalogue and the pricing
 * maths of pricing.ts, shared by the widgets and the worker (which recomputes every figure
 * from the inputs and never trusts one sent by the browser).
 */
import type { Device, PackageLevel } from './model.ts';
import { LEVEL_NAMES } from './model.ts';
import { LIMITS } from './limits.ts';
import { CONTRACT_TERMS_MONTHS } from './terms.ts';
import { formatNumber, formatPln } from './format.ts';
import { monthlyCost, recommendedPackage, type Volume } from './pricing.ts';
import { countText } from './plural.ts';
import { COLOR_PAGES_OF, MONO_PAGES_OF } from './nouns.ts';
import { pagesAt } from './quote-text.ts';

/** Average days in a month: a monthly average = pages ÷ days × 30.4. */
export const MONTH_DAYS = 30.4;
/** Readings closer together than this say too little about a month. */
export const MIN_READING_DAYS = 7;
/** The largest counter a device shows (8 digits). */
export const MAX_COUNTER = LIMITS.counter;
/** More pages a month than any office device of the catalogue prints: a typo. */
export const MAX_MONTHLY_PAGES = 200_000;
/** Contract terms the comparison is stated over (months): the standard ones of terms.ts. */
export const COMPARISON_TERMS = CONTRACT_TERMS_MONTHS;

const DAY_MS = 86_400_000;

/** One reading of the device's counters, as printed on its counter report ('Licznik' on the panel). */
export interface CounterReading {
  /** 'YYYY-MM-DD' */
  date: string;
  mono: number;
  /** Colour counter; absent on a mono device. */
  color?: number;
}

export type CounterField = 'firstDate' | 'secondDate' | 'firstMono' | 'secondMono' | 'firstColor' | 'secondColor';

/** The most people the office profile takes. */
export const MAX_PEOPLE = 1000;

export const ESTIMATE_ERRORS = {
  date: 'Podaj datę odczytu w formacie RRRR-MM-DD.',
  future: 'Data odczytu nie może być z przyszłości.',
  order: 'Drugi odczyt musi być późniejszy niż pierwszy.',
  tooClose: `Odczyty muszą dzielić co najmniej ${MIN_READING_DAYS} dni.`,
  counter: 'Podaj stan licznika jako liczbę całkowitą (same cyfry).',
  counterRange: `Stan licznika może mieć najwyżej ${String(MAX_COUNTER).length} cyfr.`,
  lower: 'Drugi stan licznika nie może być niższy niż pierwszy.',
  absurd: `Ta różnica stanów licznika to ponad ${formatNumber(MAX_MONTHLY_PAGES)} stron miesięcznie. Sprawdź, czy odczyty są poprawne.`,
  people: `Podaj liczbę osób, które drukują (od 1 do ${formatNumber(MAX_PEOPLE)}).`,
  share: 'Udział koloru podaj w procentach, od 0 do 100.',
} as const;

export type EstimateResult<T> = { ok: true; value: T } | { ok: false; field: string; error: string };

export interface VolumeEstimate extends Required<Volume> {
  source: 'counters' | 'profile';
  /** Days between the readings (counters). */
  days?: number;
  /** The estimate's range, lowest and highest (profile). */
  range?: { mono: [number, number]; color: [number, number] };
}

/** Days since 1970 of a 'YYYY-MM-DD' calendar date, or undefined when it is not a real date. */
export function dayNumber(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return t / DAY_MS;
}

const isCounter = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * Monthly mono and colour pages from two counter readings: the difference ÷ days × 30.4,
 * rounded to whole pages. `today` ('YYYY-MM-DD') bounds the dates.
 */
export function volumeFromCounters(
  first: CounterReading,
  second: CounterReading,
  today: string,
): EstimateResult<VolumeEstimate> {
  const fail = (field: CounterField, error: string) => ({ ok: false as const, field, error });
  const d1 = dayNumber(first.date);
  const d2 = dayNumber(second.date);
  const now = dayNumber(today) ?? Number.POSITIVE_INFINITY;
  if (d1 === undefined) return fail('firstDate', ESTIMATE_ERRORS.date);
  if (d2 === undefined) return fail('secondDate', ESTIMATE_ERRORS.date);
  if (d1 > now) return fail('firstDate', ESTIMATE_ERRORS.future);
  if (d2 > now) return fail('secondDate', ESTIMATE_ERRORS.future);
  if (d2 <= d1) return fail('secondDate', ESTIMATE_ERRORS.order);
  if (d2 - d1 < MIN_READING_DAYS) return fail('secondDate', ESTIMATE_ERRORS.tooClose);
  const kinds = [
    ['Mono', first.mono, second.mono],
    ['Color', first.color ?? 0, second.color ?? 0],
  ] as const;
  const monthly: number[] = [];
  for (const [kind, a, b] of kinds) {
    for (const [which, value] of [
      ['first', a],
      ['second', b],
    ] as const) {
      const field = `${which}${kind}` as CounterField;
      if (!isCounter(value)) return fail(field, ESTIMATE_ERRORS.counter);
      if (value > MAX_COUNTER) return fail(field, ESTIMATE_ERRORS.counterRange);
    }
    if (b < a) return fail(`second${kind}`, ESTIMATE_ERRORS.lower);
    const perMonth = Math.round(((b - a) / (d2 - d1)) * MONTH_DAYS);
    if (perMonth > MAX_MONTHLY_PAGES) return fail(`second${kind}`, ESTIMATE_ERRORS.absurd);
    monthly.push(perMonth);
  }
  return { ok: true, value: { mono: monthly[0] ?? 0, color: monthly[1] ?? 0, source: 'counters', days: d2 - d1 } };
}

/** How much one person prints a month: the assumption behind the office profile, stated next to it. */
export const PRINT_PROFILES = {
  little: { label: 'Mało', pagesPerPerson: 100, range: [50, 150], note: 'głównie e-maile i pojedyncze dokumenty' },
  average: { label: 'Średnio', pagesPerPerson: 250, range: [150, 350], note: 'umowy, faktury, raporty na co dzień' },
  lot: { label: 'Dużo', pagesPerPerson: 500, range: [350, 700], note: 'oferty, dokumentacja, druk dla klientów' },
} as const satisfies Record<string, { label: string; pagesPerPerson: number; range: [number, number]; note: string }>;

export type PrintProfile = keyof typeof PRINT_PROFILES;

export interface OfficeProfile {
  /** People who print. */
  people: number;
  profile: PrintProfile;
  /** Share of colour pages, percent 0–100. */
  colorShare: number;
}

/** Monthly pages of an office: people × pages per person, split by the colour share; with its range. */
export function volumeFromProfile({ people, profile, colorShare }: OfficeProfile): EstimateResult<VolumeEstimate> {
  if (!Number.isInteger(people) || people < 1 || people > MAX_PEOPLE) {
    return { ok: false, field: 'people', error: ESTIMATE_ERRORS.people };
  }
  if (!Number.isFinite(colorShare) || colorShare < 0 || colorShare > 100) {
    return { ok: false, field: 'colorShare', error: ESTIMATE_ERRORS.share };
  }
  const p = PRINT_PROFILES[profile];
  const split = (perPerson: number): [number, number] => {
    const total = people * perPerson;
    const color = Math.round((total * colorShare) / 100);
    return [total - color, color];
  };
  const [mono, color] = split(p.pagesPerPerson);
  const [lowMono, lowColor] = split(p.range[0]);
  const [highMono, highColor] = split(p.range[1]);
  return {
    ok: true,
    value: {
      mono,
      color,
      source: 'profile',
      range: { mono: [lowMono, highMono], color: [lowColor, highColor] },
    },
  };
}

/** A device's packages priced at a volume, and the recommended one with the pages it leaves spare. */
export interface Recommendation {
  level: PackageLevel;
  /** Net monthly cost of every package at the volume, in the catalogue's order. */
  costs: { level: PackageLevel; cost: number }[];
  /** Pages left within the recommended package's limits (0 when the volume is over them). */
  headroom: Required<Volume>;
}

export function recommend(device: Device, volume: Volume): Recommendation | undefined {
  const pkg = recommendedPackage(device, volume);
  if (!pkg) return undefined;
  return {
    level: pkg.level,
    costs: device.packages.map((p) => ({ level: p.level, cost: monthlyCost(p, volume).total })),
    headroom: {
      mono: Math.max(0, pkg.monthlyLimit - Math.floor(volume.mono)),
      color: device.type === 'color' ? Math.max(0, (pkg.colorLimit ?? 0) - Math.floor(volume.color ?? 0)) : 0,
    },
  };
}

/**
 * The recommendation in a sentence: 'Polecamy Business: przy 2 300 stronach mono Basic
 * kosztowałby 259,00 zł, Business 235,00 zł.', then the pages left spare in it.
 */
export function explainRecommendation(rec: Recommendation, volume: Volume): string {
  const pages = pagesAt(Math.floor(volume.mono), Math.floor(volume.color ?? 0));
  const others = rec.costs.filter((c) => c.level !== rec.level);
  const chosen = rec.costs.find((c) => c.level === rec.level);
  const costs = [
    ...others.map((c, i) => `${LEVEL_NAMES[c.level]}${i ? '' : ' kosztowałby'} ${formatPln(c.cost, 2)}`),
    chosen ? `${LEVEL_NAMES[chosen.level]} ${formatPln(chosen.cost, 2)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const spare = [
    rec.headroom.mono > 0 ? countText(rec.headroom.mono, MONO_PAGES_OF) : '',
    rec.headroom.color > 0 ? countText(rec.headroom.color, COLOR_PAGES_OF) : '',
  ]
    .filter(Boolean)
    .join(' i ');
  const head = `Polecamy ${LEVEL_NAMES[rec.level]}: przy ${pages} ${costs}.`;
  return spare ? `${head} W pakiecie ${LEVEL_NAMES[rec.level]} zostaje zapas ${spare}.` : head;
}

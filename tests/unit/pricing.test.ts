import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { findDevice, findPackage } from '../../widgets/core/model.ts';
import { packageSummaries } from '../../widgets/core/packages.ts';
import { gross, monthlyCost, popularModels, popularOrder, recommendedPackage } from '../../widgets/core/pricing.ts';
import { formatPln } from '../../widgets/core/format.ts';

const summary = (type: 'mono' | 'color', level: string) =>
  packageSummaries(defaultCatalogue, type).find((s) => s.level === level);

describe('package summary cards (DESIGN §5)', () => {
  it.each([
    ['mono', 'basic', 175, 229],
    ['mono', 'business', 199, 235],
    ['mono', 'premium', 239, 239],
    ['color', 'basic', 195, 439],
    ['color', 'business', 235, 475],
    ['color', 'premium', 279, 545],
  ] as const)('%s %s costs from %i to %i zł', (type, level, min, max) => {
    const card = summary(type, level);
    expect(card?.priceRange).toEqual({ min, max });
    expect(card?.lowestPrice).toBe(min);
  });

  it('marks only Business as the popular one', () => {
    for (const type of ['mono', 'color'] as const) {
      expect(
        packageSummaries(defaultCatalogue, type)
          .filter((s) => s.popular)
          .map((s) => s.level),
      ).toEqual(['business']);
    }
  });

  it('states the pages of the cheapest device: 1000 mono, or 900 mono + 150 colour (spec §9)', () => {
    expect(summary('mono', 'basic')?.includedPages).toEqual({ mono: 1000 });
    expect(summary('color', 'basic')?.includedPages).toEqual({ mono: 900, color: 150 });
  });

  it('breaks a price tie with the larger allowance: mono Premium states 4000 pages', () => {
    expect(summary('mono', 'premium')?.includedPages).toEqual({ mono: 4000 });
  });

  it('gives every card a description and features with service, toner and the response in 24 or 4 working hours', () => {
    for (const type of ['mono', 'color'] as const) {
      for (const card of packageSummaries(defaultCatalogue, type)) {
        expect(card.description.length).toBeGreaterThan(10);
        expect(card.features.join(' ')).toMatch(/toner/i);
        expect(card.features.join(' ')).toMatch(/Papier opcjonalnie/);
      }
    }
    expect(summary('color', 'basic')?.features.join(' ')).toMatch(/w ciągu 24 godzin roboczych/);
    expect(summary('color', 'premium')?.features.join(' ')).toMatch(/zastępcze/);
  });

  it('names the cards Basic, Business, Premium', () => {
    expect(packageSummaries(defaultCatalogue, 'color').map((s) => s.name)).toEqual(['Basic', 'Business', 'Premium']);
  });
});

describe('popular models (spec §4)', () => {
  it('orders C258, C3320i, bizhub 227, 4052, C3350i, 308', () => {
    expect(popularModels(defaultCatalogue).map((d) => d.model)).toEqual([
      'C258',
      'C3320i',
      'bizhub 227',
      '4052',
      'C3350i',
      '308',
    ]);
  });

  it('shows the first three on the home page', () => {
    expect(popularModels(defaultCatalogue, 3).map((d) => d.model)).toEqual(['C258', 'C3320i', 'bizhub 227']);
  });

  it('takes at most 6 into the pool, and puts the rest after it for the full list', () => {
    expect(popularModels(defaultCatalogue, 10)).toHaveLength(6);
    expect(
      popularOrder(defaultCatalogue)
        .map((d) => d.model)
        .slice(6),
    ).toEqual(['C250i', 'C458']);
  });
});

describe('monthly cost at a volume (DESIGN §5)', () => {
  const c3320i = findDevice(defaultCatalogue, 'km-c3320i')!;
  const basic = findPackage(c3320i, 'basic')!;

  it('C3320i Basic at 1200 mono and 200 colour pages costs 230.00 zł net', () => {
    const cost = monthlyCost(basic, { mono: 1200, color: 200 });
    expect(cost).toMatchObject({
      base: 195,
      extraMonoPages: 300,
      extraColorPages: 50,
      extraMono: 24,
      extraColor: 11,
      total: 230,
    });
  });

  it('costs just the fee within the limits', () => {
    expect(monthlyCost(basic, { mono: 900, color: 150 }).total).toBe(195);
    expect(monthlyCost(basic, { mono: 0 }).total).toBe(195);
  });

  it('ignores colour pages on a mono device and nonsense volumes', () => {
    const pkg = findPackage(findDevice(defaultCatalogue, 'km-4052')!, 'basic')!;
    expect(monthlyCost(pkg, { mono: 1100, color: 500 }).total).toBe(180);
    expect(monthlyCost(pkg, { mono: -5, color: Number.NaN }).total).toBe(175);
  });

  it('recommends the cheapest package at the volume', () => {
    expect(recommendedPackage(c3320i, { mono: 500, color: 50 })?.level).toBe('basic');
    // Basic: 195 + 900×0.08 + 250×0.22 = 322; Business: 235 + 0 + 50×0.22 = 246; Premium 279.
    expect(recommendedPackage(c3320i, { mono: 1800, color: 400 })?.level).toBe('business');
    expect(recommendedPackage(c3320i, { mono: 2800, color: 600 })?.level).toBe('premium');
  });
});

describe('gross prices (+23% VAT, to the grosz)', () => {
  it.each([
    [175, 215.25],
    [195, 239.85],
    [335, 412.05],
    [230, 282.9],
  ])('%d → %d', (net, expected) => {
    expect(gross(net)).toBe(expected);
  });

  it('formats them the Polish way', () => {
    expect(formatPln(gross(175), 2)).toBe('215,25 zł');
    expect(formatPln(195)).toBe('195 zł');
    expect(formatPln(10000)).toBe('10\u00a0000 zł');
  });
});

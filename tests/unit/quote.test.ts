import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { type Device, findDevice, findPackage } from '../../widgets/core/model.ts';
import { TERM_LABELS, isTerm, packageEstimates, priceQuote, volumeFor } from '../../widgets/core/quote.ts';

const device = (id: string): Device => {
  const d = findDevice(defaultCatalogue, id);
  if (!d) throw new Error(id);
  return d;
};
const pkg = (id: string, level: string) => {
  const p = findPackage(device(id), level);
  if (!p) throw new Error(level);
  return p;
};

describe('estimated cost of every package at a stated volume (DESIGN §5)', () => {
  it('prices C3320i at 1200 mono + 200 colour: Basic 230.00, and recommends the cheapest', () => {
    const estimates = packageEstimates(device('km-c3320i'), { mono: 1200, color: 200 });
    expect(estimates).toEqual([
      { level: 'basic', cost: 230, recommended: true },
      { level: 'business', cost: 235, recommended: false },
      { level: 'premium', cost: 279, recommended: false },
    ]);
  });

  it('recommends Business for C258 at 2500 mono + 800 colour (Basic pays overage)', () => {
    // Basic: 309 + 1000 × 0.04 + 300 × 0.19 = 406; Business: 335.
    const estimates = packageEstimates(device('km-c258'), { mono: 2500, color: 800 });
    expect(estimates.map((e) => [e.level, e.cost, e.recommended])).toEqual([
      ['basic', 406, false],
      ['business', 335, true],
      ['premium', 375, false],
    ]);
  });

  it('gives a tie to the higher package (more pages, better service)', () => {
    // C258 at 4000 mono + 600 colour: Business 335 + 1000 × 0.04 = 375 = Premium 375.
    const recommended = packageEstimates(device('km-c258'), { mono: 4000, color: 600 }).filter((e) => e.recommended);
    expect(recommended.map((e) => e.level)).toEqual(['premium']);
  });

  it('recommends nothing until a volume is stated', () => {
    expect(packageEstimates(device('km-227'), undefined).some((e) => e.recommended)).toBe(false);
    expect(packageEstimates(device('km-227'), { mono: 0, color: 0 }).some((e) => e.recommended)).toBe(false);
  });

  it('ignores colour pages on a mono device and nonsense volumes', () => {
    expect(volumeFor(device('km-4052'), { mono: 1500, color: 900 })).toEqual({ mono: 1500 });
    expect(volumeFor(device('km-c258'), { mono: -4, color: Number.NaN })).toEqual({ mono: 0, color: 0 });
    expect(packageEstimates(device('km-4052'), { mono: 1500, color: 900 })[0]?.cost).toBe(200); // 175 + 500 × 0.05
  });
});

describe('the priced quote', () => {
  it('has the monthly net, VAT 23% and gross of the package, and the estimate at the volume', () => {
    const q = priceQuote(device('km-c3320i'), pkg('km-c3320i', 'basic'), 36, true, { mono: 1200, color: 200 });
    expect(q).toMatchObject({
      deviceName: 'Konica Minolta bizhub C3320i',
      levelName: 'Basic',
      term: 36,
      paper: true,
      monthlyLimit: 900,
      colorLimit: 150,
      overageMono: 0.08,
      overageColor: 0.22,
      monthlyNet: 195,
      monthlyVat: 44.85,
      monthlyGross: 239.85,
      estimatedNet: 230,
      estimatedGross: 282.9,
    });
  });

  it.each([
    ['km-4052', 'basic', 175, 40.25, 215.25],
    ['km-c258', 'business', 335, 77.05, 412.05],
  ])('%s %s: %d net + %d VAT = %d gross', (id, level, net, vat, grossAmount) => {
    const q = priceQuote(device(id), pkg(id, level), 24, false);
    expect([q.monthlyNet, q.monthlyVat, q.monthlyGross]).toEqual([net, vat, grossAmount]);
    expect(q.estimatedNet).toBe(net);
  });
});

describe('contract terms', () => {
  it('are 24 or 36 months, or shorter on request', () => {
    expect([24, 36, 'short', 12, '24'].map(isTerm)).toEqual([true, true, true, false, false]);
    expect(TERM_LABELS.short).toBe('krótszy okres — do uzgodnienia');
  });
});

// Money with prices that are not whole złoty and overage with fractions of a grosz: every
// amount shown is rounded half up to the grosz once (DESIGN §5), and the figures shown add up.
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { csvDecimal, csvMoney, formatPln } from '../../widgets/core/format.ts';
import type { Catalogue, Device, Package } from '../../widgets/core/model.ts';
import { gross, monthlyCost, recommendedPackage } from '../../widgets/core/pricing.ts';
import { priceQuote } from '../../widgets/core/quote.ts';
import { renderPage, routes } from '../../site/build.tsx';
import { priceRangeText } from '../../site/seo.tsx';

const pkg = (over: Partial<Package> = {}): Package => ({
  level: 'basic',
  monthlyPrice: 199.99,
  monthlyLimit: 1000,
  overage: { mono: 0.035 },
  ...over,
});

describe('gross(): net × 1.23, rounded half up to the grosz', () => {
  it.each([
    [175, 215.25],
    [195, 239.85],
    [335, 412.05],
    [230, 282.9],
    [199.99, 245.99],
    [0.5, 0.62],
    [1.5, 1.85],
    [0.01, 0.01],
    [1234.56, 1518.51],
  ])('%d zł net → %d zł gross', (net, expected) => {
    expect(gross(net)).toBe(expected);
  });

  it('formats a non-whole price and its gross with the grosze', () => {
    expect(formatPln(199.99)).toBe('199,99 zł');
    expect(formatPln(gross(199.99))).toBe('245,99 zł');
    expect(formatPln(gross(10_000.01))).toBe('12\u00a0300,01 zł');
  });
});

describe('monthly cost with overage in fractions of a grosz', () => {
  it('rounds each overage amount half up and adds what is shown', () => {
    // 7 × 0,035 = 0,245 → 0,25; 3 × 0,125 = 0,375 → 0,38.
    const cost = monthlyCost(pkg({ colorLimit: 100, overage: { mono: 0.035, color: 0.125 } }), {
      mono: 1007,
      color: 103,
    });
    expect(cost).toEqual({
      base: 199.99,
      extraMonoPages: 7,
      extraColorPages: 3,
      extraMono: 0.25,
      extraColor: 0.38,
      total: 200.62,
    });
    expect(cost.total).toBe(cost.base + cost.extraMono + cost.extraColor);
    expect(gross(cost.total)).toBe(246.76);
  });

  it('rounds a half grosz up even where floating point lands just below it', () => {
    // 67 × 0,015 = 1,005 zł, which is 100.49999999999999 grosze in floating point.
    expect(monthlyCost(pkg({ overage: { mono: 0.015 } }), { mono: 1067 }).extraMono).toBe(1.01);
  });

  it('keeps two-decimal rates exact: 300 × 0,08 is 24,00', () => {
    expect(
      monthlyCost(pkg({ monthlyPrice: 195, monthlyLimit: 900, overage: { mono: 0.08 } }), { mono: 1200 }).total,
    ).toBe(219);
  });

  it('recommends by the rounded costs', () => {
    const device = {
      packages: [
        pkg({ level: 'basic', monthlyPrice: 199.99, monthlyLimit: 1000, overage: { mono: 0.035 } }),
        pkg({ level: 'business', monthlyPrice: 203.49, monthlyLimit: 2000, overage: { mono: 0.03 } }),
      ],
    } as Device;
    // Basic at 1100 pages: 199,99 + 3,50 = 203,49 – a tie, so the higher level.
    expect(recommendedPackage(device, { mono: 1100 })?.level).toBe('business');
  });
});

describe('a quote priced at 199,99 zł', () => {
  it('states net, VAT and gross that add up to the grosz', () => {
    const device = defaultCatalogue.devices[0]!;
    const q = priceQuote(device, pkg(), 24, false, { mono: 1007 });
    expect(q).toMatchObject({ monthlyNet: 199.99, monthlyVat: 46, monthlyGross: 245.99 });
    expect(q.monthlyNet + q.monthlyVat).toBe(q.monthlyGross);
    expect(q.estimatedNet).toBe(200.24);
    expect(q.estimatedGross).toBe(246.3);
  });
});

describe('pages priced from a catalogue with grosze', () => {
  const catalogue: Catalogue = structuredClone(defaultCatalogue);
  const newPrices = new Map([
    [175, 169.99],
    [195, 194.99],
  ]);
  for (const d of catalogue.devices)
    for (const p of d.packages) p.monthlyPrice = newPrices.get(p.monthlyPrice) ?? p.monthlyPrice;
  const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };
  const home = renderPage(routes.find((r) => r.path === '/')!, catalogue, assets);

  it('states the lowest price in the search metadata with its grosze', () => {
    expect(priceRangeText(catalogue)).toBe('od 169,99 zł netto / mies.');
    expect(home).toContain('"priceRange":"od 169,99 zł netto / mies."');
  });

  it('shows the net price and its gross on the cards (C3320i Basic at 194,99 zł)', () => {
    expect(home).toContain('<strong>194,99 zł</strong>');
    // 194,99 × 1,23 = 239,8377 → 239,84.
    expect(home).toContain('239,84 zł brutto');
    expect(home).not.toContain('239,85');
  });
});

describe('money as a CSV cell for Polish Excel', () => {
  it('has a decimal comma, two decimals and no grouping space (a grouped number is text to Excel)', () => {
    expect(csvMoney(1234.5)).toBe('1234,50');
    expect(csvMoney(12_300.01)).toBe('12300,01');
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(gross(199.99))).toBe('245,99');
    expect(csvDecimal(0.055)).toBe('0,055');
    expect(csvDecimal(2.25, 1)).toBe('2,3');
  });
});

// The fact-change test: change one business fact where it lives (terms.ts, or the
// catalogue passed to the build), render every page with the build's own render functions,
// and see the new value everywhere the fact is shown, the old one nowhere. A fact typed
// again as text anywhere in the site copy, the JSON-LD, the meta descriptions or the
// package cards makes one of these fail.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import type { Catalogue } from '../../widgets/core/model.ts';
import type * as PrivacyModule from '../../widgets/core/privacy.ts';
import type * as TermsModule from '../../widgets/core/terms.ts';

const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };

/** Every built page (path → HTML) and the package card copy, from fresh modules. */
async function surfaces(catalogue: Catalogue = defaultCatalogue): Promise<Map<string, string>> {
  const { routes, renderPage } = await import('../../site/build.tsx');
  const { PACKAGE_COPY } = await import('../../widgets/core/packages.ts');
  const out = new Map(routes.map((r) => [r.path, renderPage(r, catalogue, assets)] as const));
  out.set('package cards', JSON.stringify(PACKAGE_COPY));
  return out;
}

/** Renders everything with some of terms.ts replaced, as if the fact had been edited there. */
interface TermsPatch {
  FREE_TRIAL_DAYS?: number;
  PREMIUM_SLA_HOURS?: number;
  QUOTE_VALID_DAYS?: number;
  CONTRACT_TERMS_MONTHS?: readonly number[];
}

async function withTerms(patch: TermsPatch): Promise<Map<string, string>> {
  vi.resetModules();
  vi.doMock('../../widgets/core/terms.ts', async (importOriginal) => {
    const original = await importOriginal<typeof TermsModule>();
    const terms = {
      ...original.terms,
      ...(patch.FREE_TRIAL_DAYS !== undefined && { freeTrialDays: patch.FREE_TRIAL_DAYS }),
      ...(patch.PREMIUM_SLA_HOURS !== undefined && { premiumSlaHours: patch.PREMIUM_SLA_HOURS }),
      ...(patch.QUOTE_VALID_DAYS !== undefined && { quoteValidDays: patch.QUOTE_VALID_DAYS }),
      ...(patch.CONTRACT_TERMS_MONTHS !== undefined && { contractTermsMonths: patch.CONTRACT_TERMS_MONTHS }),
    };
    // As if edited in terms.ts: its sentence helper reads the module's own list.
    const months = patch.CONTRACT_TERMS_MONTHS;
    const contractTermsText = months
      ? (list: readonly number[] = months) => original.contractTermsText(list)
      : original.contractTermsText;
    return { ...original, ...patch, terms, contractTermsText };
  });
  return surfaces();
}

async function baseline(): Promise<Map<string, string>> {
  vi.resetModules();
  return surfaces();
}

/** Renders everything with the retention period of privacy.ts replaced. */
async function withRetention(months: number): Promise<Map<string, string>> {
  vi.resetModules();
  vi.doMock('../../widgets/core/privacy.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof PrivacyModule>()),
    RETENTION_MONTHS: months,
  }));
  return surfaces();
}

afterEach(() => {
  vi.doUnmock('../../widgets/core/terms.ts');
  vi.doUnmock('../../widgets/core/privacy.ts');
  vi.resetModules();
});

const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;

/**
 * On every surface: each mention of the old value became the new value, and the old value
 * is gone. Returns the surfaces that show the fact, for checking that they are the expected ones.
 */
function expectMoved(before: Map<string, string>, after: Map<string, string>, old: RegExp, next: RegExp): string[] {
  const showing: string[] = [];
  for (const [where, html] of before) {
    const changed = after.get(where) ?? '';
    const mentions = count(html, old);
    expect({ where, old: count(changed, old) }).toEqual({ where, old: 0 });
    expect({ where, next: count(changed, next) }).toEqual({ where, next: mentions + count(html, next) });
    if (mentions > 0) showing.push(where);
  }
  return showing;
}

// Each case imports the whole site afresh (twice): more than the default 5 s on a busy machine.
// Each case renders the whole site again: 1–3 s, and past 30 s with the load average at 48.
describe('a changed fact reaches every page that shows it', { timeout: 120_000 }, () => {
  it('free trial 7 → 14 days', async () => {
    const before = await baseline();
    const after = await withTerms({ FREE_TRIAL_DAYS: 14 });
    // Not the trial: the regulations' notice period ('nie krótszym niż 7 dni') and the
    // complaint term ('w terminie 14 dni').
    const showing = expectMoved(
      before,
      after,
      /(?<!niż )(?<!\d)7(?: dni|-dniow)/g,
      /(?<!terminie )(?<!\d)14(?: dni|-dniow)/g,
    );
    expect(showing).toEqual(expect.arrayContaining(['/', '/kontakt', '/o-nas', '/miasto/slupsk', '/miasto/lebork']));
    expect(after.get('/')).toMatch(/<meta name="description" content="[^"]*14 dni testu/);
  });

  it('Premium SLA 4 → 6 hours', async () => {
    const before = await baseline();
    const after = await withTerms({ PREMIUM_SLA_HOURS: 6 });
    const showing = expectMoved(before, after, /(?<!\d)4 ?(?:h\b|godzin)/g, /(?<!\d)6 ?(?:h\b|godzin)/g);
    expect(showing).toEqual(
      expect.arrayContaining(['/', '/kontakt', '/o-nas', '/modele', '/miasta', '/miasto/koszalin', 'package cards']),
    );
    expect(after.get('package cards')).toContain('SLA 6h');
  });

  it('quote validity 30 → 45 days', async () => {
    const before = await baseline();
    const after = await withTerms({ QUOTE_VALID_DAYS: 45 });
    const showing = expectMoved(before, after, /(?<!\d)30 dni/g, /(?<!\d)45 dni/g);
    expect(showing).toContain('/regulamin');
    const { QUOTE_VALID_DAYS } = await import('../../widgets/core/quote.ts');
    expect(QUOTE_VALID_DAYS).toBe(45);
  });

  it('contract terms 24/36 → 12/24 months: pages, term choices, labels, the quote error and the comparison', async () => {
    const stated = /na (\d+) lub (\d+) miesięcy/g;
    const mentions = (pages: Map<string, string>) =>
      [...pages.values()].flatMap((html) => [...html.matchAll(stated)].map((m) => `${m[1]}/${m[2]}`));
    expect(new Set(mentions(await baseline()))).toEqual(new Set(['24/36']));
    expect(new Set(mentions(await withTerms({ CONTRACT_TERMS_MONTHS: [12, 24] })))).toEqual(new Set(['12/24']));
    const quote = await import('../../widgets/core/quote.ts');
    expect(quote.TERMS).toEqual([12, 24, 'short']);
    expect([quote.isTerm(12), quote.isTerm(36)]).toEqual([true, false]);
    expect(quote.DEFAULT_TERM).toBe(12);
    const { readUrl } = await import('../../widgets/configurator/state.ts');
    expect(readUrl({}).term).toBe(12);
    expect([quote.TERM_LABELS[12], quote.TERM_LABELS[24]]).toEqual(['12 miesięcy', '24 miesiące']);
    const { QUOTE_ERRORS } = await import('../../widgets/core/quote-validation.ts');
    expect(QUOTE_ERRORS.term).toContain('12 lub 24 miesięcy');
    const { COMPARISON_TERMS } = await import('../../widgets/core/estimate.ts');
    expect(COMPARISON_TERMS).toEqual([12, 24]);
  });

  it('retention 24 → 36 months: the privacy policy states what the cron keeps', async () => {
    const kept = /przez (\d+ \S+) od ich przesłania/g;
    const stated = (pages: Map<string, string>) =>
      [...pages].flatMap(([where, html]) => [...html.matchAll(kept)].map((m) => `${where}: ${m[1]}`));
    expect(stated(await baseline())).toEqual(['/polityka-prywatnosci: 24 miesiące']);
    expect(stated(await withRetention(36))).toEqual(['/polityka-prywatnosci: 36 miesięcy']);
    expect(stated(await withRetention(1))).toEqual(['/polityka-prywatnosci: 1 miesiąc']);
  });

  it('lowest mono price 175 → 169 zł, through the catalogue passed to the build', async () => {
    const cheaper: Catalogue = structuredClone(defaultCatalogue);
    for (const d of cheaper.devices) {
      for (const p of d.packages) if (d.type === 'mono' && p.monthlyPrice === 175) p.monthlyPrice = 169;
    }
    const before = await baseline();
    const after = await surfaces(cheaper);
    // Gross too: 175 → 215,25 zł, 169 → 207,87 zł. Not a price: an SVG's 'viewBox="0 0 175 40" width="175"'.
    const price = (net: number, grossText: string) =>
      new RegExp(`(?<![\\d,."])(?<!0 0 )${net}(?![\\d,."])|${grossText}`, 'g');
    const showing = expectMoved(before, after, price(175, '215,25'), price(169, '207,87'));
    expect(showing).toEqual(expect.arrayContaining(['/', '/modele', '/kontakt', '/o-nas', '/miasto/bytow']));
    for (const page of ['/', '/kontakt', '/o-nas', '/miasta', '/miasto/slupsk']) {
      expect(after.get(page)).toContain('"priceRange":"od 169 zł netto / mies."');
    }
  });
});

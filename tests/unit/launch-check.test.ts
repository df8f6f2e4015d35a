import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { launchProblems, launchReport, retentionVarOf } from '../../scripts/launch-check.ts';
import { RETENTION_MONTHS } from '../../widgets/core/privacy.ts';
import { clientNames, testimonialEntries } from '../../site/content/social-proof.ts';
import { type SuppliedData, sample, supplied } from '../../widgets/core/company.ts';
import { TONER_YIELDS, sampleYield } from '../../widgets/core/toner.ts';

/** Every value filled in with plausible real data (a valid NIP check digit). */
const filled: SuppliedData = {
  legalName: 'Kserowo sp. z o.o.',
  registeredAddress: 'ul. Długa 5, 76-200 Słupsk',
  nip: '5260250274',
  regon: '012345678',
  registryEntry: 'KRS 0000123456 (Sąd Rejonowy Gdańsk-Północ w Gdańsku)',
  phone: '+48 59 842 10 10',
  email: 'kontakt@kserowo.pl',
  salesEmail: 'oferty@kserowo.pl',
  bankAccount: null,
};
const consent = { publish: true, date: '2026-10-12', record: 'e-mail z 2026-10-12' };
const realTestimonial = {
  quote: 'Urządzenie działa bez przerw od roku.',
  author: 'Anna K.',
  position: 'Kierowniczka biura',
  company: 'Biuro Przykład',
  date: '2026-10-01',
  consent,
};

describe('the launch check of npm run deploy', () => {
  it('refuses the repository as it is: every sample value and every sample entry is listed', () => {
    const problems = launchProblems({ supplied, clients: clientNames, testimonials: testimonialEntries });
    for (const field of ['legalName', 'registeredAddress', 'nip', 'regon', 'registryEntry', 'phone', 'bankAccount']) {
      expect(problems.some((p) => p.includes(`supplied.${field} `) && p.includes('sample value'))).toBe(true);
    }
    expect(problems.filter((p) => p.includes("client '"))).toHaveLength(clientNames.length);
    expect(problems.filter((p) => p.includes('testimonial of'))).toHaveLength(testimonialEntries.length);
    expect(launchReport({ supplied, clients: clientNames, testimonials: testimonialEntries })).toMatch(
      /^Deploy refused: 18 value\(s\)/,
    );
  });

  it('passes with all values filled, no bank account and no social proof', () => {
    expect(launchProblems({ supplied: filled, clients: [], testimonials: [] })).toEqual([]);
    expect(launchReport({ supplied: filled, clients: [], testimonials: [] })).toBeUndefined();
  });

  it('passes with real testimonials and clients that have the consent to publish', () => {
    const clients = [{ name: 'Biuro Przykład', sector: 'Biuro', city: 'Słupsk', consent }];
    expect(launchProblems({ supplied: filled, clients, testimonials: [realTestimonial] })).toEqual([]);
  });

  it('lists one sample value among filled ones, with its file and field', () => {
    expect(
      launchProblems({ supplied: { ...filled, phone: sample('+48 59 000 00 00') }, clients: [], testimonials: [] }),
    ).toEqual(["widgets/core/company.ts supplied.phone (numer telefonu): sample value '+48 59 000 00 00'"]);
  });

  it('lists unset values, a wrong NIP and an e-mail that is not one', () => {
    const problems = launchProblems({
      supplied: { ...filled, legalName: '', phone: '  ', nip: '1234567890', salesEmail: 'oferty' },
      clients: [],
      testimonials: [],
    });
    expect(problems).toEqual([
      'widgets/core/company.ts supplied.legalName (pełna nazwa firmy): not set',
      "widgets/core/company.ts supplied.nip (NIP): '1234567890' is not a valid NIP (check digit)",
      'widgets/core/company.ts supplied.phone (numer telefonu): not set',
      "widgets/core/company.ts supplied.salesEmail (e-mail działu sprzedaży): 'oferty' is not an e-mail address",
    ]);
  });

  it('refuses a bank account the invoices could not name: 26 digits with a valid checksum', () => {
    const ready = { clients: [], testimonials: [] };
    expect(
      launchProblems({ ...ready, supplied: { ...filled, bankAccount: '61 1090 1014 0000 0712 1981 2874' } }),
    ).toEqual([]);
    expect(
      launchProblems({ ...ready, supplied: { ...filled, bankAccount: '61 1090 1014 0000 0712 1981 2875' } }),
    ).toEqual([
      "widgets/core/company.ts supplied.bankAccount (numer rachunku bankowego): '61 1090 1014 0000 0712 1981 2875' is not a Polish account number (NRB)",
    ]);
  });

  it('refuses a retention period in wrangler.toml other than the one the privacy policy states', () => {
    const ready = { supplied: filled, clients: [], testimonials: [] };
    expect(launchProblems({ ...ready, retentionVar: String(RETENTION_MONTHS) })).toEqual([]);
    expect(launchProblems({ ...ready, retentionVar: undefined })).toEqual([]);
    expect(launchProblems({ ...ready, retentionVar: '12' })).toEqual([
      `wrangler.toml RETENTION_MONTHS: '12' while the privacy policy states ${RETENTION_MONTHS} ` +
        '(widgets/core/privacy.ts RETENTION_MONTHS): change both together',
    ]);
    // The repository's own wrangler.toml, as the deploy reads it.
    const toml = readFileSync('wrangler.toml', 'utf8');
    expect(retentionVarOf(toml)).toBe(String(RETENTION_MONTHS));
    expect(retentionVarOf(toml.replace(/^RETENTION_MONTHS = "\d+"/m, 'RETENTION_MONTHS = "6"'))).toBe('6');
  });

  it('refuses a testimonial without the consent to publish or without a name or position', () => {
    const noConsent = { ...realTestimonial, consent: { ...consent, publish: false } };
    const anonymous = { ...realTestimonial, author: undefined, position: undefined };
    const problems = launchProblems({ supplied: filled, clients: [], testimonials: [noConsent, anonymous] });
    expect(problems).toEqual([
      'site/content/social-proof.ts testimonial of Anna K. (Biuro Przykład): no consent to publish',
      'site/content/social-proof.ts testimonial of ? (Biuro Przykład): neither a name nor a position',
    ]);
  });
});

describe('the launch check and the toner yields', () => {
  const confirmed = { 'km-227': { cartridge: 'TN-217', black: 17_500 } };

  it('refuses while a yield of widgets/core/toner.ts is a sample, naming each with its figures', () => {
    const problems = launchProblems({ supplied: filled, clients: [], testimonials: [], tonerYields: TONER_YIELDS });
    const samples = Object.entries(TONER_YIELDS).filter(([, y]) => 'sample' in y);
    expect(samples.length).toBeGreaterThan(0);
    expect(problems).toHaveLength(samples.length);
    expect(problems).toContain(
      "widgets/core/toner.ts TONER_YIELDS['km-c3320i'] (TNP-81): sample yield, 13000 black / 9000 colour pages per cartridge: confirm with the supplier",
    );
    expect(launchReport({ supplied: filled, clients: [], testimonials: [], tonerYields: TONER_YIELDS })).toMatch(
      new RegExp(`^Deploy refused: ${samples.length} value\\(s\\)`),
    );
  });

  it('passes with confirmed yields, and lists the one sample left among them', () => {
    expect(launchProblems({ supplied: filled, clients: [], testimonials: [], tonerYields: confirmed })).toEqual([]);
    expect(
      launchProblems({
        supplied: filled,
        clients: [],
        testimonials: [],
        tonerYields: { ...confirmed, 'km-308': sampleYield({ cartridge: 'TN-322', black: 28_000 }) },
      }),
    ).toEqual([
      "widgets/core/toner.ts TONER_YIELDS['km-308'] (TN-322): sample yield, 28000 black pages per cartridge: confirm with the supplier",
    ]);
  });
});

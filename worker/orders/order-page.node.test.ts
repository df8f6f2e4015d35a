// The order page as the worker renders it for a quote: valid HTML (html-validate's standard
// rules: no autocomplete token a one-line input cannot take) and the NIP typed in the
// configurator carried over into its company step, as the quote stored it (the company's data
// then come from the White List by that NIP).
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { priceQuote } from '../../widgets/core/quote.ts';
import type { StoredQuote } from '../quotes/model.ts';
import { renderOrderPage } from './page.tsx';

const device = defaultCatalogue.devices.find((d) => d.id === 'km-c3320i')!;
const pkg = device.packages.find((p) => p.level === 'basic')!;

const quote = (contact: Partial<StoredQuote['contact']> = {}): StoredQuote => ({
  id: 'q-secret',
  leadId: 'lead-1',
  number: 'KS-2026-000123',
  createdAt: '2026-09-01T08:00:00.000Z',
  expiresAt: '2026-10-01T08:00:00.000Z',
  price: priceQuote(device, pkg, 36, false),
  contact: {
    name: 'Anna Nowak',
    email: 'anna@firma.pl',
    phone: null,
    company: null,
    message: null,
    nip: null,
    city: null,
    marketingConsent: false,
    ...contact,
  },
  attribution: {},
  catalogueVersion: 1,
});

const days = { Słupsk: ['2026-09-15', '2026-09-16'] };

/** The value an input of the page carries (`name` attribute); '' for an empty one. */
function inputValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input ${name}`);
  return input.match(/\bvalue="([^"]*)"/)?.[1] ?? '';
}

describe('the order page', () => {
  it('is valid HTML (no one-line input with a multi-line autocomplete token)', async () => {
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
      renderOrderPage(quote({ nip: '5260250274', company: 'Firma sp. z o.o.' }), undefined, days),
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('says before signing when the fee is invoiced and due: in advance, pages in arrears, 14 days', () => {
    const html = renderOrderPage(quote(), undefined, days);
    expect(html).toContain('Kiedy wystawiamy faktury i kiedy płacisz');
    expect(html).toContain(
      'Abonament za miesiąc jest płatny z góry: fakturę za dany miesiąc Wynajmujący wystawia na jego początku.',
    );
    expect(html).toContain('na fakturze za następny miesiąc');
    expect(html).toContain('proporcjonalnie do liczby dni najmu');
    expect(html).toContain('Termin płatności wynosi 14 dni od doręczenia faktury');
  });

  it('carries over the NIP typed in the configurator', () => {
    const html = renderOrderPage(quote({ nip: '5260250274', company: 'Firma sp. z o.o.' }), undefined, days);
    expect(inputValue(html, 'nip')).toBe('5260250274');
  });

  it('leaves the NIP empty for a quote sent without one', () => {
    const html = renderOrderPage(quote(), undefined, days);
    expect(inputValue(html, 'nip')).toBe('');
  });

  it('shows again what was posted, not the quote, when the form comes back refused', () => {
    const html = renderOrderPage(quote({ nip: '5260250274', company: 'Firma sp. z o.o.' }), undefined, days, {
      values: { nip: '123' },
      refusal: { error: 'Podaj poprawny NIP.', field: 'nip' },
    });
    expect(inputValue(html, 'nip')).toBe('123');
  });
});

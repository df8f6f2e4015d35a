// The printable quote page's words for the stated volume: after 'przy' the locative, from the
// one plural module ('przy 2250 stronach mono', as the advisor says it), valid HTML.
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { priceQuote } from '../../widgets/core/quote.ts';
import type { StoredQuote } from './model.ts';
import { renderQuotePage } from './page.tsx';

const quoteOf = (deviceId: string, volume: { mono: number; color?: number }): StoredQuote => {
  const device = defaultCatalogue.devices.find((d) => d.id === deviceId)!;
  return {
    id: 'q-secret',
    leadId: 'lead-1',
    number: 'KS-2026-000123',
    createdAt: '2026-09-01T08:00:00.000Z',
    expiresAt: '2026-10-01T08:00:00.000Z',
    price: priceQuote(device, device.packages[1]!, 36, false, volume),
    contact: {
      name: 'Anna Nowak',
      email: 'anna@firma.pl',
      phone: null,
      company: null,
      message: null,
      nip: null,
      city: null,
      marketingConsent: false,
    },
    attribution: {},
    catalogueVersion: 1,
  };
};

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the quote page', () => {
  it("says 'Szacunkowy koszt przy 2250 stronach mono miesięcznie' for a mono device", () => {
    expect(text(renderQuotePage(quoteOf('km-4052', { mono: 2250 })))).toContain(
      'Szacunkowy koszt przy 2250 stronach mono miesięcznie',
    );
  });

  it('says both counters in the locative for a colour device, one page in the singular', () => {
    expect(text(renderQuotePage(quoteOf('km-c3320i', { mono: 2250, color: 1 })))).toContain(
      'Szacunkowy koszt przy 2250 stronach mono i 1 stronie kolorowej miesięcznie',
    );
  });

  it('is valid HTML', async () => {
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
      renderQuotePage(quoteOf('km-c3320i', { mono: 2250, color: 300 })),
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});

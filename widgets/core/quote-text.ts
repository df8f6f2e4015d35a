/**
 * A stored quote's configuration in Polish words: one wording for the printable quote page
 * (worker/quotes/page.tsx) and the sales team's e-mail (worker/quotes/quote-email.ts).
 */
import { formatRate } from './format.ts';
import { countText } from './plural.ts';
import { COLOR_PAGES, COLOR_PAGES_AT, MONO_PAGES, MONO_PAGES_AT } from './nouns.ts';
import type { QuotePrice } from './quote.ts';

/** Pages: '5100 stron mono', with '+ 182 strony kolorowe' for a colour device. */
const pages = (mono: number, color: number | undefined): string =>
  `${countText(mono, MONO_PAGES)}${color !== undefined ? ` + ${countText(color, COLOR_PAGES)}` : ''}`;

/**
 * A monthly volume after 'przy' (the locative), the counters that are not zero joined with 'i':
 * pagesAt(2250, 1) → '2250 stronach mono i 1 stronie kolorowej'; '0 stronach mono' for none.
 * The quote page, the configurator's summary and the advisor all say it this way.
 */
export const pagesAt = (mono: number, color = 0): string =>
  [mono > 0 ? countText(mono, MONO_PAGES_AT) : '', color > 0 ? countText(color, COLOR_PAGES_AT) : '']
    .filter(Boolean)
    .join(' i ') || countText(0, MONO_PAGES_AT);

export const QUOTE_TEXT = {
  paper: (paper: boolean): string => (paper ? 'tak – cena na zapytanie' : 'nie'),
  /** The pages the monthly fee includes. */
  included: (p: QuotePrice): string => pages(p.monthlyLimit, p.colorLimit),
  overage: (p: QuotePrice): string =>
    `${formatRate(p.overageMono)} mono${p.overageColor !== undefined ? `, ${formatRate(p.overageColor)} kolor` : ''} za stronę`,
  /** The monthly volume the visitor stated, or undefined when none was. */
  volume: (p: QuotePrice): string | undefined =>
    p.volume.mono > 0 || (p.volume.color ?? 0) > 0
      ? pages(p.volume.mono, p.overageColor !== undefined ? (p.volume.color ?? 0) : undefined)
      : undefined,
};

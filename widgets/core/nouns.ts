/**
 * The counted nouns of the site, the widgets and the worker, each with its three forms for
 * plural.ts (`countText(182, COLOR_PAGES)` → '182 strony kolorowe'). Apart from plural.ts so the
 * configurator, which counts only months, does not carry them; each is an export of its own,
 * so a bundle keeps only the nouns it counts.
 */
import type { Forms } from './plural.ts';

export const DAYS: Forms = ['dzień', 'dni', 'dni'];
export const PAGES: Forms = ['strona', 'strony', 'stron'];
export const MONO_PAGES: Forms = ['strona mono', 'strony mono', 'stron mono'];
export const COLOR_PAGES: Forms = ['strona kolorowa', 'strony kolorowe', 'stron kolorowych'];
/** 'przy 1 stronie mono', 'przy 5100 stronach mono' (the locative). */
export const MONO_PAGES_AT: Forms = ['stronie mono', 'stronach mono', 'stronach mono'];
export const COLOR_PAGES_AT: Forms = ['stronie kolorowej', 'stronach kolorowych', 'stronach kolorowych'];
/** 'zapas 1 strony mono', 'zapas 900 stron mono' (the genitive). */
export const MONO_PAGES_OF: Forms = ['strony mono', 'stron mono', 'stron mono'];
export const COLOR_PAGES_OF: Forms = ['strony kolorowej', 'stron kolorowych', 'stron kolorowych'];
export const DEVICES: Forms = ['urządzenie', 'urządzenia', 'urządzeń'];
export const PEOPLE: Forms = ['osoba', 'osoby', 'osób'];
/** The rows of the admin's lists, counted under each list ('Pokazano 100 odczytów; są kolejne.'). */
export const READINGS: Forms = ['odczyt', 'odczyty', 'odczytów'];
export const MESSAGES: Forms = ['wiadomość', 'wiadomości', 'wiadomości'];
export const TICKETS: Forms = ['zgłoszenie', 'zgłoszenia', 'zgłoszeń'];
export const ORDERS: Forms = ['zamówienie', 'zamówienia', 'zamówień'];
export const CONTRACTS: Forms = ['umowa', 'umowy', 'umów'];
export const AUDIT_ENTRIES: Forms = ['wpis', 'wpisy', 'wpisów'];
export const EVENTS: Forms = ['zdarzenie', 'zdarzenia', 'zdarzeń'];
export const PAYMENTS: Forms = ['wpłata', 'wpłaty', 'wpłat'];
export const INVOICES: Forms = ['faktura', 'faktury', 'faktur'];
export const PARTS: Forms = ['część', 'części', 'części'];

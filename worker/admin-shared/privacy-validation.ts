/**
 * The admin's export and erasure of one person's data: the address they are
 * looked up by and the Polish texts of the API and the panel (site/admin/PrivacyView.tsx),
 * shared by both. Kept out of the widgets' modules: no form bundles it.
 */
import * as v from 'valibot';
import { emailSchema } from '../../widgets/core/validation.ts';

export const PRIVACY_ERRORS = {
  /** 400: not an address a form would have accepted. */
  email: 'Podaj prawidłowy adres e-mail osoby (np. jan.kowalski@firma.pl).',
  /** 404 of the export and the erasure: nothing stored under the address. */
  nothing: 'Brak danych dla tego adresu.',
} as const;

/** What an anonymised lead, ticket or reading shows instead of the person's name. */
export const ERASED_NAME = 'Dane usunięte';

/**
 * The address of `/api/admin/privacy/:email`: the forms' own e-mail rule (trimmed), then
 * lower-cased, because addresses are compared without regard to case.
 */
export const personEmailSchema = v.pipe(
  v.string(PRIVACY_ERRORS.email),
  v.trim(),
  v.nonEmpty(PRIVACY_ERRORS.email),
  v.check((s) => v.is(emailSchema, s), PRIVACY_ERRORS.email),
  v.toLowerCase(),
);

/** How many records of each kind are stored about the person (the panel's summary, the audit details). */
export interface PersonCounts {
  leads: number;
  quotes: number;
  emails: number;
  tickets: number;
  readings: number;
  devices: number;
  webhookEvents: number;
  /** Online orders signed or begun (a signed one is kept after an erasure, as the contract's evidence). */
  orders: number;
  /** Contracts whose billing e-mail is the address (kept after an erasure, without the address). */
  contracts: number;
  /** Invoices of the contracts billed to the address (kept after an erasure, as the tax law requires). */
  invoices: number;
  tonerOrders: number;
  signIns: number;
  portalSessions: number;
  loginDevices: number;
}

/** Polish names of the counts, in the order the panel lists them. */
export const PERSON_COUNT_LABELS: Record<keyof PersonCounts, string> = {
  leads: 'Zapytania z formularzy (kontakt i wyceny)',
  quotes: 'Wyceny z konfiguratora',
  emails: 'E-maile wysłane w ich sprawie',
  tickets: 'Zgłoszenia serwisowe',
  readings: 'Odczyty liczników przesłane przez tę osobę',
  devices: 'Urządzenia z tym adresem kontaktowym',
  webhookEvents: 'Zdarzenia webhooków do CRM',
  orders: 'Zamówienia online (podpisane zostają po usunięciu jako dowód zawarcia umowy)',
  contracts: 'Umowy z tym adresem do faktur (zostają po usunięciu, bez tego adresu)',
  invoices:
    'Faktury umów z tym adresem do faktur (zostają po usunięciu: przechowujemy je 5 lat od końca roku wystawienia)',
  tonerOrders: 'Zamówienia tonera ze strefy klienta',
  signIns: 'Prośby o logowanie do strefy klienta',
  portalSessions: 'Sesje strefy klienta',
  loginDevices: 'Przeglądarki zapamiętane przy logowaniu do panelu',
};

/** True when nothing is stored about the person. */
export const isEmpty = (c: PersonCounts): boolean => Object.values(c).every((n) => n === 0);

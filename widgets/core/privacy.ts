/**
 * The privacy duties of every lead form (DESIGN §7 "Privacy"): the short
 * information clause under the form and the optional marketing consent, one text for the
 * contact form, the configurator's quote, the service request and the meter reading.
 * Only the purpose differs per form. The clause names Kserowo as the controller on every
 * page, a partner's included, and links to Kserowo's own privacy policy; the company's
 * legal data stay in the policy (the forms do not bundle the company config). The
 * consent is never ticked in advance and is stored with what was sent.
 */
import { BRAND } from './brand.ts';

/**
 * How many months a lead (with its quote), a service ticket and a meter reading keep the
 * person's data: the privacy policy states it, the cron (worker/privacy/retention.ts) keeps
 * it. `RETENTION_MONTHS` of wrangler.toml must say the same: the launch check compares.
 */
export const RETENTION_MONTHS = 24;

/**
 * Why a signed online order outlives the person's erasure and the retention period (an
 * order never signed does not: both delete it). The privacy policy (site/content/legal.ts)
 * and the admin's export of a person's data say it in these words.
 */
export const SIGNED_ORDER_KEPT =
  'podpisane zamówienie online (treść umowy w zaakceptowanej postaci z jej skrótem SHA-256, dane firmy i osoby ' +
  'podpisującej, odpowiedź wykazu podatników VAT z identyfikatorem zapytania, ślad akceptacji: czas wysłania i ' +
  'wpisania kodu, adres IP i przeglądarka, oraz weryfikacja firmy: przelew z numerem rachunku albo notatka zespołu) ' +
  'przechowujemy jako dowód zawarcia umowy przez ' +
  'czas jej trwania, a następnie do upływu terminów przedawnienia roszczeń i okresów przechowywania dokumentów ' +
  'wymaganych przepisami podatkowymi i rachunkowymi (art. 6 ust. 1 lit. c i f oraz art. 17 ust. 3 lit. b i e RODO); ' +
  'na żądanie usunięcia danych usuwamy z niego tylko zgodę marketingową';

/**
 * Why a contract whose billing e-mail is the person's address outlives their erasure, and
 * what the erasure does to it instead: the export of their data and the erasure's
 * confirmation say it in these words (invoices are issued from the contract and kept for
 * the tax period; the invoices' own retention is theirs to state).
 */
export const CONTRACT_KEPT =
  'umowę najmu (firma, NIP, numer, okres, urządzenia, stawki i odczyty liczników) przechowujemy przez czas jej ' +
  'trwania, a następnie do upływu terminów przedawnienia roszczeń; wystawione na jej podstawie faktury przechowujemy ' +
  'przez 5 lat, licząc od końca roku, w którym upłynął termin płatności podatku (art. 112 ustawy o VAT, art. 6 ust. 1 ' +
  'lit. b, c i f oraz art. 17 ust. 3 lit. b i e RODO); na żądanie usunięcia danych usuwamy z umowy adres e-mail tej ' +
  'osoby: przestaje on służyć do logowania w strefie klienta i do przypomnień, a zespół wpisuje w umowie nowy adres ' +
  'do faktur';
/** Invoices and their UPOs are kept this many years from the end of the year they were issued. */
export const INVOICE_RETENTION_YEARS = 5;

/** The last day an invoice issued in `issueYear` is kept: 31 December, `INVOICE_RETENTION_YEARS` years on. */
export const invoiceKeptUntil = (issueYear: number): string => `${issueYear + INVOICE_RETENTION_YEARS}-12-31`;

/**
 * What happens to invoices, in the privacy policy's and the export's words: kept for the
 * tax law's period even when a person's data are erased, the buyer's name only on them.
 */
export const INVOICE_KEPT =
  `faktury i faktury korygujące (z ich numerem KSeF i urzędowym poświadczeniem odbioru UPO) przechowujemy przez ${INVOICE_RETENTION_YEARS} lat ` +
  'od końca roku, w którym je wystawiliśmy, jak wymagają przepisy podatkowe (art. 112 ustawy o VAT, art. 70 Ordynacji ' +
  'podatkowej; art. 6 ust. 1 lit. c i art. 17 ust. 3 lit. b RODO); na żądanie usunięcia danych nie usuwamy ich ani ' +
  'nie zmieniamy – nazwa nabywcy zostaje tylko na fakturach, a po tym terminie usuwamy je razem z UPO';

/** The privacy policy's path on Kserowo's origin. */
export const POLICY_PATH = '/polityka-prywatnosci';

export const PRIVACY_TEXT = {
  /** Followed by the link (`link`) and a full stop. */
  clause: (purpose: string) =>
    `Administratorem Twoich danych osobowych jest ${BRAND}. Przetwarzamy je, aby ${purpose} (art. 6 ust. 1 lit. b i f RODO). Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia, sprzeciwu i skargi do Prezesa UODO. Więcej w `,
  link: 'polityce prywatności',
  marketing: `Chcę otrzymywać e-mailem oferty i promocje ${BRAND} (zgoda dobrowolna, mogę ją w każdej chwili wycofać).`,
} as const;

/**
 * The policy's absolute URL on Kserowo's origin (`apiBase`, else where the widget script
 * came from), so the link works on a partner's page too.
 */
export const policyUrl = (origin: string): string => origin + POLICY_PATH;

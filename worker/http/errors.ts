/**
 * Every Polish error text the API answers, once. Routes and middleware import
 * from here; the texts of a request body's checks live with its valibot schema in
 * widgets/core/ (validation.ts, quote-validation.ts, admin-validation.ts), shared with the
 * widgets and the panel. A limit a text states is read from where it is enforced.
 */
import type { Reading, RefusalReason } from '../../widgets/core/meter.ts';
import { LEAD_BODY_MAX_BYTES } from '../../widgets/core/limits.ts';
import { plural } from '../../widgets/core/plural.ts';
import { dateText } from '../../widgets/core/dates.ts';
import { formatNumber } from '../../widgets/core/format.ts';

/** The public API and the app's catch-alls. */
export const API_ERRORS = {
  /** 404 under /api/. */
  notFound: 'Nie znaleziono takiego adresu API.',
  /** 500: an unhandled error. */
  server: 'Wystąpił nieoczekiwany błąd serwera. Spróbuj ponownie później.',
  /** 503 of `/api/health`, and of any route whose storage (D1) fails. */
  database: 'Baza danych jest chwilowo niedostępna.',
  /** 503: the contact message could not be stored. */
  contactStorage: 'Nie udało się zapisać wiadomości. Spróbuj ponownie za chwilę.',
  /** 409: a used `submissionId` with another body (DESIGN §7); says nothing of the first one. */
  replayed: 'To zgłoszenie zostało już wysłane z innymi danymi. Odśwież stronę i wypełnij formularz ponownie.',
  /** 503: the quote could not be stored. */
  quoteStorage: 'Nie udało się zapisać wyceny. Spróbuj ponownie za chwilę.',
} as const;

/** The lead intake guard (worker/middleware/intake/index.ts) in front of every public form. */
export const INTAKE_ERRORS = {
  /** 429 */
  tooMany: 'Zbyt wiele zgłoszeń z tego adresu. Spróbuj ponownie za minutę.',
  /** 415 */
  notJson: 'Dane formularza muszą być wysłane jako JSON (Content-Type: application/json).',
  /** 413 */
  tooLarge: `Zgłoszenie jest zbyt duże (najwyżej ${LEAD_BODY_MAX_BYTES / 1024} KB).`,
  /** 400 */
  badJson: 'Nieprawidłowy format danych: oczekiwano obiektu JSON.',
} as const;

/** The admin API (`/api/admin/*`). */
export const ADMIN_ERRORS = {
  /** 401 */
  unauthenticated: 'Sesja wygasła lub nie jesteś zalogowany. Zaloguj się ponownie.',
  /** 403: a write from another origin. */
  origin: 'Odrzucono żądanie wysłane z innej strony.',
  /** 401 */
  wrongPassword: 'Nieprawidłowe hasło.',
  /** 429, with the lockout's length (`LOCKOUT_MS` of the login throttle, which enforces it). */
  locked: (minutes: number) =>
    `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${minutes} ${plural(minutes, 'minutę', 'minuty', 'minut')}.`,
  /** 503 */
  notConfigured: 'Logowanie do panelu nie jest skonfigurowane (brak sekretu ADMIN_PASSWORD_HASH).',
  /** 400: a write whose body is not JSON. */
  badJson: 'Nieprawidłowe dane: oczekiwano JSON.',
  /** 404 */
  notFound: 'Nie znaleziono.',
  /** 400: a list's `after` that is not a cursor the list answered, or a bad `limit`. */
  badPage: 'Nieprawidłowa strona listy (parametr after lub limit). Odśwież listę.',
  /** 413: over 64 KB. */
  tooLarge: 'Za duże żądanie.',
  /** 409: 'Wyślij ponownie' on a message already sent. */
  alreadySent: 'Ta wiadomość została już wysłana.',
  /** 409: 'Wyślij ponownie' on a message being sent. */
  sending: 'Ta wiadomość jest właśnie wysyłana.',
} as const;

/** Fault reports (`/api/service-requests`) and counter readings (`/api/meter-readings`). */
export const SERVICE_API_ERRORS = {
  /** 503: the ticket could not be stored. */
  ticketStorage: 'Nie udało się zapisać zgłoszenia. Spróbuj ponownie za chwilę lub zadzwoń do serwisu.',
  /** 409: the same submission id came back with other data (DESIGN §7). */
  replayConflict: 'To zgłoszenie zostało już wysłane z innymi danymi. Odśwież stronę i wyślij formularz ponownie.',
  /** 400: a reading for a serial that is not in the registry. */
  unknownSerial:
    'Nie znamy urządzenia o tym numerze seryjnym. Sprawdź numer na naklejce urządzenia albo napisz do nas przez formularz kontaktowy.',
  /** 400: a counter lower than the device's previous reading. */
  lower: (mono: number, color: number | null, on: string) =>
    `Stan licznika nie może być niższy niż poprzedni odczyt z dnia ${dateText(on)} (${formatNumber(mono)} stron mono${
      color !== null ? `, ${formatNumber(color)} stron kolor` : ''
    }). Sprawdź wpisane liczby.`,
  /**
   * 422 with `confirm: true`: over 3× the usual month, the counter's own average (`history`)
   * or, before it has a month of history, the package's allowance (`package`).
   */
  jump: (now: number, usual: number, basis: 'history' | 'package' = 'history') =>
    basis === 'history'
      ? `Od poprzedniego odczytu przybyło wyjątkowo dużo stron (około ${formatNumber(now)} miesięcznie, średnio ${formatNumber(usual)}). Sprawdź liczby i potwierdź, że są poprawne.`
      : `Ten stan licznika oznacza wyjątkowo dużo stron (około ${formatNumber(now)} miesięcznie), a pakiet urządzenia obejmuje ${formatNumber(usual)} stron miesięcznie. Sprawdź liczby i potwierdź, że są poprawne.`,
  /** The 201 of a reading the sender confirmed as a jump: stored, and checked by the team before it counts. */
  held: 'Odczyt zapisany. Ponieważ jest nietypowo wysoki, sprawdzimy go przed rozliczeniem i odezwiemy się, gdyby coś się nie zgadzało.',
  /** 503: the reading could not be stored. */
  readingStorage: 'Nie udało się zapisać odczytu. Spróbuj ponownie za chwilę.',
  /** 409: the same submission id came back with another reading. */
  readingReplayConflict: 'Ten odczyt został już wysłany z innymi danymi. Odśwież stronę i wyślij formularz ponownie.',
  /**
   * 403: a reading without the device's link (a serial alone proves nothing): the same
   * answer for every serial, registered or not.
   */
  readingLinkRequired:
    'Stan licznika przyjmujemy tylko przez link do odczytu, który wysyłamy na adres e-mail do faktur przed każdym rozliczeniem, albo w panelu klienta. Sam numer seryjny nie wystarczy: tak nikt obcy nie zmieni Twojego rachunku. Nie masz linku? Napisz lub zadzwoń do nas, wyślemy go ponownie.',
  /** 404: a token nobody has (or a device taken off its contract). */
  readingLinkUnknown:
    'Ten link do odczytu jest nieprawidłowy lub nieaktualny. Otwórz link z ostatniego e-maila z przypomnieniem albo napisz do nas.',
} as const;

/** 400: why the counter's rules (widgets/core/meter.ts `judgeReading`) refuse a reading, in the sender's words. */
export function readingRefusal(
  reason: RefusalReason,
  facts: { neighbour?: Reading | undefined; contractStart: string; contractEnd: string },
): string {
  const n = facts.neighbour;
  const counters = (r: Reading) =>
    `${formatNumber(r.mono)} stron mono${r.color !== null ? `, ${formatNumber(r.color)} stron kolor` : ''}`;
  switch (reason) {
    case 'future':
      return 'Data odczytu nie może być późniejsza niż dzisiaj.';
    case 'before-contract':
      return `Data odczytu jest wcześniejsza niż początek umowy (${dateText(facts.contractStart)}).`;
    case 'after-contract':
      return `Data odczytu jest późniejsza niż koniec umowy (${dateText(facts.contractEnd)}).`;
    case 'color-on-mono':
      return 'To urządzenie drukuje tylko w czerni i bieli i nie ma licznika kolorowego: zostaw pole „Licznik kolorowy” puste.';
    case 'color-missing':
      return 'To urządzenie kolorowe: podaj też stan licznika kolorowego.';
    case 'lower':
      return n
        ? SERVICE_API_ERRORS.lower(n.mono, n.color, n.readOn)
        : 'Stan licznika nie może być niższy niż poprzedni odczyt.';
    case 'higher':
      return n
        ? `Stan licznika nie może być wyższy niż późniejszy odczyt z dnia ${dateText(n.readOn)} (${counters(n)}): odczyt z wcześniejszą datą musi mieścić się między sąsiednimi odczytami. Sprawdź datę i liczby.`
        : 'Stan licznika nie może być wyższy niż późniejszy odczyt.';
  }
}

/** The admin's devices, tickets and readings (`/api/admin/devices|tickets|readings`). */
export const SERVICE_ADMIN_ERRORS = {
  /** 409 */
  serialTaken: 'Urządzenie o tym numerze seryjnym jest już w rejestrze.',
  csvEmpty: 'Plik CSV nie zawiera żadnego urządzenia (pierwszy wiersz to nagłówek).',
  csvHeader: 'Brak kolumny „numer_seryjny” w nagłówku pliku CSV.',
  csvTooMany: 'Najwyżej 1000 urządzeń w jednym pliku.',
  csvRow: (line: number, error: string) => `Wiersz ${line}: ${error} Nic nie zaimportowano.`,
  ticketFilter: 'Nieprawidłowy filtr zgłoszeń.',
  period: 'Podaj okres rozliczenia jako RRRR-MM.',
  /** 404 */
  unknownSerial: 'Nie ma urządzenia o tym numerze seryjnym w rejestrze.',
  /** 400: a correction, a counter replacement or an amendment without its reason. */
  reason: 'Podaj powód (najwyżej 300 znaków): zostaje w historii.',
  /** 409: the registry may not change what a contract fixes. */
  contractTerms:
    'Model, pakiet, początek i okres umowy urządzenia ustala umowa: zmienisz je aneksem w zakładce Umowy. Tu zmienisz dane kontaktowe.',
  /** 409: a serial of the file was registered by someone else while it was imported. */
  importRace:
    'W międzyczasie ktoś dodał urządzenie o numerze seryjnym z pliku. Nic nie zaimportowano; spróbuj ponownie.',
  /** 404: a bill asked for a month the contract does not run in. */
  notRunning: 'Umowa nie obowiązuje w tym okresie.',
  /** 409: two amendments of one device from the same day. */
  amendmentTaken: 'To urządzenie ma już aneks od tego dnia. Wybierz inny miesiąc.',
  /** 400: the ticket is on this device already. */
  sameDevice: 'Zgłoszenie jest już przypisane do tego urządzenia.',
  /** 409: someone corrected the ticket's device meanwhile. */
  ticketChanged: 'Ktoś w międzyczasie zmienił urządzenie tego zgłoszenia. Odśwież i spróbuj ponownie.',
  /** 409: the reading was corrected already (by someone else meanwhile): correct the newest row. */
  alreadyCorrected: 'Ten odczyt został już poprawiony. Odśwież listę i popraw najnowszy wpis.',
  /** A toner order's status the team may set: one of `statuses`. */
  tonerStatus: (statuses: readonly string[]) => `Status musi być jednym z: ${statuses.join(', ')}.`,
} as const;

/** Team accounts and the role guard. */
export const ACCOUNT_API_ERRORS = {
  /** 401: a team account's wrong e-mail or password (the same text for both). */
  wrongAccount: 'Nieprawidłowy e-mail lub hasło.',
  /** 403: the role table does not give this role the area. */
  forbidden: 'Twoja rola nie ma dostępu do tej części panelu.',
  /** 401: the session was opened with a password that has changed since. */
  passwordChanged: 'Hasło zostało zmienione. Zaloguj się ponownie.',
  taken: 'Konto z tym adresem e-mail już istnieje.',
  firstOwner: 'Konta głównego (z sekretu ADMIN_PASSWORD_HASH) nie można wyłączyć ani zmienić jego roli.',
  self: 'Nie możesz wyłączyć własnego konta ani odebrać sobie roli właściciela.',
  currentPassword: 'Obecne hasło jest nieprawidłowe.',
  /** 429: too many wrong current passwords in the password change (a session cannot guess faster than a login). */
  currentPasswordLocked: 'Zbyt wiele prób podania obecnego hasła. Spróbuj ponownie za 15 minut.',
  secretOwner: 'Hasło konta głównego to sekret ADMIN_PASSWORD_HASH: zmień go poleceniem wrangler secret put.',
  session: 'Nie znaleziono takiej sesji.',
  accountId: 'Nieprawidłowy identyfikator konta.',
  /** 400: assigning a lead to someone who cannot take leads. */
  person: 'Tej osobie nie można przypisać leada (konto nie istnieje, jest wyłączone albo nie ma roli sprzedaży).',
  /** 400 of `POST /api/admin/unlock`: not an address. */
  unlockEmail: 'Podaj adres e-mail swojego konta w panelu.',
  /** 202 of `POST /api/admin/unlock`: the same for every address. */
  unlockSent:
    'Jeśli to adres konta w panelu, wysłaliśmy na niego link odblokowujący. Otwórz go w tej przeglądarce i kliknij „Odblokuj tę przeglądarkę”, a potem zaloguj się hasłem.',
  /** 410: an unlock link that is unknown, spent or expired. */
  unlockLink: 'Ten link odblokowujący wygasł albo został już użyty. Poproś o nowy na stronie logowania.',
  /** 200 of `POST /api/admin/unlock/browser`. */
  unlocked: 'Ta przeglądarka jest odblokowana dla Twojego konta. Zaloguj się hasłem.',
} as const;

/** Webhooks. */
export const WEBHOOK_API_ERRORS = {
  state: 'Nieprawidłowy stan dostarczenia.',
  delivered: 'To zdarzenie zostało już dostarczone.',
  inLine: 'To zdarzenie czeka już na wysyłkę albo jest właśnie wysyłane.',
} as const;

/** Orders online: the NIP look-up (`GET /api/company/<nip>`) and the order routes. */
export const ORDER_API_ERRORS = {
  /** 404 of the look-up: online orders are for companies in the register only. */
  companyNotFound:
    'Nie znaleźliśmy tego NIP w wykazie podatników VAT Ministerstwa Finansów. Sprawdź numer: umowę online zawieramy tylko z firmą z wykazu.',
  /** 503 of the look-up: the MF's API is down or over its limit. */
  companyUnavailable:
    'Wykaz podatników VAT Ministerstwa Finansów chwilowo nie odpowiada. Możesz wysłać zamówienie: dokończymy je, gdy wykaz odpowie, i wtedy wyślemy kod akceptacji.',
  /** 429 of the look-up. */
  lookupTooMany: 'Zbyt wiele wyszukiwań NIP z tego adresu. Odczekaj minutę i spróbuj ponownie.',
  /** 404: no quote (or no order) behind the id. */
  noQuote: 'Nie znaleziono wyceny o tym adresie. Przygotuj nową wycenę w konfiguratorze.',
  /** 410: the quote expired before ordering. */
  quoteExpired: 'Ta wycena wygasła. Przygotuj nową wycenę w konfiguratorze, aby złożyć zamówienie.',
  noOrder: 'Nie znaleziono takiego zamówienia.',
  /** 409: the order of this quote is signed already. */
  alreadySigned: 'To zamówienie zostało już podpisane. Potwierdzenie wysłaliśmy na adres e-mail podpisującego.',
  /** 409: the day filled up meanwhile. */
  dayFull: 'Ten termin dostawy został właśnie zajęty. Wybierz inny dzień.',
  /** 400: a code that does not match. */
  wrongCode: (left: number) =>
    left > 0
      ? `Nieprawidłowy kod. Sprawdź e-mail i wpisz 6 cyfr kodu (pozostało prób: ${left}).`
      : 'Nieprawidłowy kod. Wykorzystano wszystkie próby: wyślij nowy kod.',
  /** 410: the code is past its time. */
  codeExpired: 'Kod wygasł. Wyślij nowy kod i wpisz go w ciągu 15 minut.',
  /** 429: no attempts left for this code. */
  noAttempts: 'Wykorzystano wszystkie próby dla tego kodu. Wyślij nowy kod.',
  /** 400: the order's last wrong code in all. */
  wrongLastCode:
    'Nieprawidłowy kod. Wykorzystano wszystkie próby wpisania kodu dla tego zamówienia: napisz do nas, a dokończymy zamówienie z Tobą.',
  /** 429: the order's wrong codes in all are used up; no new code helps. */
  noGuessesLeft:
    'Wykorzystano wszystkie próby wpisania kodu dla tego zamówienia. Napisz do nas, a dokończymy zamówienie z Tobą.',
  /** 409: no code is waiting (used, or none sent). */
  noCode: 'Nie ma aktywnego kodu dla tego zamówienia. Wyślij nowy kod.',
  /** 429: the codes of one order are used up. */
  noMoreCodes: 'Wysłaliśmy już najwięcej kodów dla tego zamówienia. Napisz do nas, a dokończymy zamówienie z Tobą.',
  /** 503 */
  orderStorage: 'Nie udało się zapisać zamówienia. Spróbuj ponownie za chwilę.',
  /** 409 of the admin's erasure of a lead: its order (the contract document) is kept. */
  leadHasOrder:
    'Tego leada nie można usunąć: złożono z niego zamówienie online, a umowę i jej ślad akceptacji przechowujemy. Dane osoby możesz zanonimizować w zakładce „Dane osobowe”.',
  /** The admin list's `status` filter names no order state. */
  status: 'Nieprawidłowy stan zamówienia.',
} as const;

/** Invoices (worker/invoices): the owner's issue run, the register and corrections. */
export const INVOICE_ERRORS = {
  period: 'Podaj miesiąc faktur jako RRRR-MM.',
  /** 400: a month that has not ended is not invoiced yet. */
  periodNotBegun:
    'Faktury za miesiąc wystawiamy na jego początku (abonament z góry). Wybierz bieżący miesiąc albo miesiąc, który już minął.',
  notFound: 'Nie znaleziono takiej faktury.',
  reason: 'Podaj powód korekty (najwyżej 256 znaków): trafia na fakturę korygującą.',
  /** 409: KSeF has not given the corrected invoice its number yet (a correction names it). */
  noKsefNumber: (number: string) =>
    `Faktura ${number} nie ma jeszcze numeru KSeF. Korektę wystawisz, gdy KSeF ją przyjmie: korekta musi wskazać ten numer.`,
  /** 409: the month billed now and the buyer are what the invoice (or its last correction) says. */
  nothingToCorrect:
    'Nie ma czego korygować: rozliczenie miesiąca i dane nabywcy są takie, jak na fakturze (lub jej ostatniej korekcie).',
  /** 409: another correction of the invoice was issued at the same moment. */
  correctionRaced:
    'W tej chwili wystawiono inną korektę tej faktury. Odśwież listę i sprawdź, czy potrzebna jest kolejna.',
  /** 404: no UPO received yet. */
  noUpo: 'KSeF nie wydał jeszcze UPO dla tej faktury.',
  /** 409: 'Wystaw ponownie' of an invoice KSeF has not rejected (queued, sent or accepted). */
  notRejected: (number: string) =>
    `Faktura ${number} nie jest odrzucona przez KSeF. Ponownie wystawia się tylko fakturę, którą KSeF odrzucił; przyjętą poprawia korekta.`,
  /** 409: a rejected correction is not made again in place. */
  reissueCorrection:
    'Korekty odrzuconej przez KSeF nie wystawia się ponownie pod tym samym numerem: wystaw nową korektę faktury.',
  /** 409: another reissue of the invoice went in at the same moment. */
  reissueRaced: 'W tej chwili tę fakturę wystawiono ponownie. Odśwież listę.',
  /** 409: the contract has nothing to bill in the month any more. */
  nothingToBill: 'Umowa nie ma już czego rozliczyć w tym miesiącu, więc faktury nie wystawiono ponownie.',
  /** 422: the invoice as it would be made breaks the FA(3) schema (KSeF would reject it); the problems follow. */
  schema: (problems: readonly string[]) =>
    `Faktury nie wystawiono: KSeF odrzuciłby ją, bo ${problems.join('; ')}. Popraw dane umowy (nabywcę) lub firmy i spróbuj ponownie.`,
} as const;

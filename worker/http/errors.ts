/**
 * Every Polish error text the API answers, once (issue 12). Routes and middleware import
 * from here; the texts of a request body's checks live with its valibot schema in
 * widgets/core/ (validation.ts, quote-validation.ts, admin-validation.ts), shared with the
 * widgets and the panel.
 */
import type { RefusalReason } from '../../widgets/core/meter.ts';

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

/** The lead intake guard (worker/http/intake.ts) in front of every public form. */
export const INTAKE_ERRORS = {
  /** 429 */
  tooMany: 'Zbyt wiele zgłoszeń z tego adresu. Spróbuj ponownie za minutę.',
  /** 415 */
  notJson: 'Dane formularza muszą być wysłane jako JSON (Content-Type: application/json).',
  /** 413 */
  tooLarge: 'Zgłoszenie jest zbyt duże (najwyżej 16 KB).',
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
  /** 429 */
  locked: 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 minut.',
  /** 503 */
  notConfigured: 'Logowanie do panelu nie jest skonfigurowane (brak sekretu ADMIN_PASSWORD_HASH).',
  /** 400: a write whose body is not JSON. */
  badJson: 'Nieprawidłowe dane: oczekiwano JSON.',
  /** 404 */
  notFound: 'Nie znaleziono.',
  /** 413: over 64 KB. */
  tooLarge: 'Za duże żądanie.',
  /** 409: 'Wyślij ponownie' on a message already sent. */
  alreadySent: 'Ta wiadomość została już wysłana.',
  /** 409: 'Wyślij ponownie' on a message being sent. */
  sending: 'Ta wiadomość jest właśnie wysyłana.',
} as const;

const polishDay = (iso: string): string => iso.split('-').reverse().join('.');
const pages = (n: number): string => n.toLocaleString('pl-PL');

/** Issue 17: fault reports (`/api/service-requests`) and counter readings (`/api/meter-readings`). */
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
    `Stan licznika nie może być niższy niż poprzedni odczyt z dnia ${polishDay(on)} (${pages(mono)} stron mono${
      color !== null ? `, ${pages(color)} stron kolor` : ''
    }). Sprawdź wpisane liczby.`,
  /** 422 with `confirm: true`: over 3× the monthly average. */
  jump: (now: number, average: number) =>
    `Od poprzedniego odczytu przybyło wyjątkowo dużo stron (około ${pages(now)} miesięcznie, średnio ${pages(average)}). Sprawdź liczby i potwierdź, że są poprawne.`,
  /** 503: the reading could not be stored. */
  readingStorage: 'Nie udało się zapisać odczytu. Spróbuj ponownie za chwilę.',
  /** 409: the same submission id came back with another reading. */
  readingReplayConflict: 'Ten odczyt został już wysłany z innymi danymi. Odśwież stronę i wyślij formularz ponownie.',
} as const;

/** Issue 17: the admin's devices, tickets and readings (`/api/admin/devices|tickets|readings`). */
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
} as const;

/** Team accounts and the role guard (issue 18). */
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
  secretOwner: 'Hasło konta głównego to sekret ADMIN_PASSWORD_HASH: zmień go poleceniem wrangler secret put.',
  session: 'Nie znaleziono takiej sesji.',
  accountId: 'Nieprawidłowy identyfikator konta.',
  /** 400: assigning a lead to someone who cannot take leads. */
  person: 'Tej osobie nie można przypisać leada (konto nie istnieje, jest wyłączone albo nie ma roli sprzedaży).',
} as const;

/** Webhooks (issue 18). */
export const WEBHOOK_API_ERRORS = {
  state: 'Nieprawidłowy stan dostarczenia.',
  delivered: 'To zdarzenie zostało już dostarczone.',
  inLine: 'To zdarzenie czeka już na wysyłkę albo jest właśnie wysyłane.',
} as const;

/** The customer's page: why a reading of a contract's device is refused (widgets/core/meter.ts `RefusalReason`). */
export const PORTAL_READING_REFUSALS: Record<
  RefusalReason,
  (neighbour?: { readOn: string; mono: number; color: number | null }) => string
> = {
  future: () => 'Data odczytu nie może być z przyszłości.',
  'before-contract': () => 'Data odczytu jest wcześniejsza niż początek umowy tego urządzenia.',
  'after-contract': () => 'Data odczytu jest późniejsza niż koniec umowy tego urządzenia.',
  'color-on-mono': () => 'To urządzenie drukuje tylko w czerni – podaj jeden licznik stron.',
  'color-missing': () => 'Podaj też stan licznika stron kolorowych – to urządzenie drukuje w kolorze.',
  lower: (n) =>
    n
      ? SERVICE_API_ERRORS.lower(n.mono, n.color, n.readOn)
      : 'Stan licznika nie może być niższy niż poprzedni odczyt. Sprawdź wpisane liczby.',
  higher: (n) =>
    `Stan licznika nie może być wyższy niż odczyt z późniejszego dnia${n ? ` (${polishDay(n.readOn)}: ${pages(n.mono)} stron mono)` : ''}. Sprawdź datę i liczby.`,
};

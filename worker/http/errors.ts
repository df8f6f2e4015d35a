/**
 * Every Polish error text the API answers, once (issue 12). Routes and middleware import
 * from here; the texts of a request body's checks live with its valibot schema in
 * widgets/core/ (validation.ts, quote-validation.ts, admin-validation.ts), shared with the
 * widgets and the panel.
 */

/** The public API and the app's catch-alls. */
export const API_ERRORS = {
  /** 404 under /api/. */
  notFound: 'Nie znaleziono takiego adresu API.',
  /** 500: an unhandled error. */
  server: 'Wystąpił nieoczekiwany błąd serwera. Spróbuj ponownie później.',
  /** 503 of `/api/health`. */
  database: 'Baza danych jest chwilowo niedostępna.',
  /** 503: the contact message could not be stored. */
  contactStorage: 'Nie udało się zapisać wiadomości. Spróbuj ponownie za chwilę.',
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

/**
 * The error catalogue of spec §8: the toasts of the contact form and the quote,
 * letter for letter. Kept apart from texts.ts so pages without a form do not load it.
 */
/** Spec §8, the error catalogue. */
export const TOAST = {
  validation: {
    title: 'Błąd walidacji',
    text: 'Proszę wypełnić wszystkie wymagane pola (imię i email)',
  },
  badEmail: {
    title: 'Nieprawidłowy email',
    text: 'Proszę podać prawidłowy adres email',
  },
  serverError: {
    title: 'Błąd wysyłania',
    text: 'Wystąpił błąd podczas wysyłania wiadomości',
  },
  networkError: {
    title: 'Błąd połączenia',
    text: 'Wystąpił błąd podczas wysyłania wiadomości. Spróbuj ponownie później.',
  },
  success: {
    title: 'Wiadomość wysłana! ✅',
    text: 'Dziękujemy! Skontaktujemy się z Tobą wkrótce.',
  },
} as const;

/** The server's 400 `error` for a `marketingConsent` that is not true or false, in every form. */
export const CONSENT_ERROR = 'Nieprawidłowa wartość zgody marketingowej.';

/** Spec §4, §9: the success toast stays 5 s. */
export const SUCCESS_TOAST_MS = 5000;

/**
 * Polish texts shared by the widgets, the site and the worker. Texts quoted by the
 * spec (§2, §8) are copied letter for letter; keep them so.
 */
/** Spec §2 and §8: loading and fallback texts. */
export const FALLBACK = {
  loading: 'Ładowanie...',
  app: 'Aplikacja nie może się załadować',
  sectionTitle: 'Coś poszło nie tak',
  sectionText: 'Wystąpił nieoczekiwany błąd. Spróbuj ponownie lub skontaktuj się z nami.',
  retry: 'Spróbuj ponownie',
  home: 'Strona główna',
  configurator: 'Konfigurator niedostępny',
  models: 'Strona modeli niedostępna',
  admin: 'Panel admin niedostępny',
  city: 'Strona miasta niedostępna',
  /** Not in the spec: its §2 titles, in the same style, for the customer forms' routes. */
  service: 'Formularz zgłoszenia awarii niedostępny',
  meter: 'Formularz odczytu licznika niedostępny',
} as const;

/**
 * Not in the spec: said above a widget whose code is late on a slow connection (the loader's
 * `kserowo:slow`), until it arrives. Its own export, so no widget bundle carries it.
 */
export const SLOW_LOADING =
  'Wolne łącze: ta część strony jeszcze się wczytuje. Pojawi się sama, gdy tylko dotrze – nie trzeba odświeżać strony.';

/** The existing customers' ways in, linked from every page's header and footer, from /kontakt and from a ticket's page. */
export const customerLinks = {
  portal: 'Strefa klienta',
  service: 'Zgłoś awarię',
  meter: 'Podaj stan licznika',
} as const;

/** The copy of the customer's page /konto ('Strefa klienta'). */
import { company } from '../../widgets/core/company.ts';
import { plural } from '../../widgets/core/plural.ts';

/**
 * The answer when the hour's limits held a request for a sign-in e-mail back (SIGN_IN_LIMITS), on
 * /konto and /partner: the same for any address (every request is counted alike), so it tells nothing.
 */
export const SIGN_IN_HELD = 'Wysłaliśmy już link, sprawdź skrzynkę lub spróbuj za godzinę.';

export const portalCopy = {
  title: 'Strefa klienta',
  lead: 'Twoje urządzenia, odczyty liczników, zgłoszenia serwisowe i zamówienia tonera w jednym miejscu – bez hasła, logujesz się linkiem z e-maila.',
  signIn: {
    heading: 'Zaloguj się',
    intro:
      'Wpisz adres e-mail podany w umowie. Wyślemy na niego link do logowania i 6-cyfrowy kod. Nie zakładasz konta i nie pamiętasz hasła.',
    email: 'E-mail z umowy',
    send: 'Wyślij link do logowania',
    sentHeading: 'Sprawdź skrzynkę',
    /** The API's one answer to every request for a link, whoever asks (nothing tells whether the address is known). */
    linkAnswer: 'Jeśli ten adres jest w naszej umowie, wysłaliśmy na niego e-mail z linkiem do logowania i kodem.',
    held: SIGN_IN_HELD,
    heldWhy: (email: string) =>
      `Na jeden adres wysyłamy w ciągu godziny tylko kilka e-maili z linkiem, więc tym razem nowego nie wysłaliśmy. Jeśli adres ${email} jest w naszej umowie, link z tej godziny jest w skrzynce (działa tylko najnowszy).`,
    sent: (email: string, minutes: number) =>
      `Jeśli adres ${email} jest w naszej umowie, za chwilę dostaniesz na niego e-mail z linkiem do logowania i kodem. Link i kod działają ${minutes} ${plural(minutes, 'minutę', 'minuty', 'minut')}.`,
    codeHeading: 'Masz kod z e-maila?',
    code: 'Kod (6 cyfr)',
    codeSend: 'Zaloguj się kodem',
    confirmHeading: 'Logowanie do strefy klienta',
    confirmText:
      'Kliknij przycisk, aby się zalogować. (Link w e-mailu tylko prowadzi tutaj – dzięki temu skanery poczty, które otwierają linki, nie zużyją go za Ciebie.)',
    confirm: 'Zaloguj się',
    privacy: `Adres służy tylko do logowania i kontaktu w sprawie umowy. Administratorem danych jest ${company.brand}.`,
  },
  signOut: 'Wyloguj',
  devices: 'Twoje urządzenia',
  tickets: 'Zgłoszenia serwisowe',
  readings: 'Historia odczytów',
  orders: 'Zamówienia tonera',
  bills: 'Rozliczenia',
  noTickets: 'Brak zgłoszeń serwisowych.',
  noReadings: 'Brak odczytów.',
  /** Above a refused form's error at the top of the page, and the link to its field. */
  refused: 'Nie wysłaliśmy formularza.',
  toField: 'Przejdź do pola z błędem',
  /** Who sent a reading the team entered (a protocol's starting counters, a correction): never a staff member's own address. */
  teamSender: 'Kserowo (serwis)',
  /** Who sent a reading a collector read from the device's own counter. */
  collectorSender: 'licznik urządzenia',
  noOrders: 'Brak zamówień tonera.',
  fault: { open: 'Zgłoś awarię', send: 'Wyślij zgłoszenie' },
  reading: { open: 'Podaj stan licznika', send: 'Zapisz odczyt', confirm: 'Liczby są poprawne – zapisz mimo to' },
  toner: {
    open: 'Zamów toner',
    send: 'Wyślij zamówienie',
    approval:
      'Jeśli odczyty liczników nie wskazują jeszcze na zużycie wkładu, zamówienie trafi do zespołu „do akceptacji” – oddzwonimy albo odpiszemy.',
    inFlight: 'w drodze',
  },
  noDevices: (email: string) =>
    `Pod adresem ${email} nie ma już urządzeń w umowie. Jeśli to pomyłka, napisz do nas: ${company.email}.`,
} as const;

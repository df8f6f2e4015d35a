/**
 * The rental terms of an order placed online: ONE versioned text. Change the wording only
 * together with a new `RENTAL_TERMS_VERSION`: every order stores the version and the
 * SHA-256 of the text it was accepted with, and the document it was accepted in, so an
 * older order keeps its own words. Counsel should read the wording before launch (docs/orders.md
 * "The four steps").
 */
import { BILLING_TERMS, SPOT_COLOUR_COUNTING, terms } from '../../widgets/core/terms.ts';

export const RENTAL_TERMS_VERSION = '2026-12-03';

export const RENTAL_TERMS_TITLE = `Ogólne warunki najmu urządzeń Kserowo (wersja ${RENTAL_TERMS_VERSION})`;

/** The terms' paragraphs, numbered as printed. */
export const RENTAL_TERMS: readonly string[] = [
  'Przedmiot umowy. Wynajmujący oddaje Najemcy do używania odnowione urządzenie wielofunkcyjne wskazane w umowie, a Najemca płaci Wynajmującemu czynsz w wysokości i terminach określonych w umowie (art. 659 Kodeksu cywilnego). Urządzenie pozostaje własnością Wynajmującego.',
  'Okres najmu. Umowa jest zawarta na czas oznaczony wskazany w umowie, liczony od dnia podpisania protokołu instalacji. Po jego upływie umowa wygasa, chyba że strony postanowią inaczej w formie dokumentowej.',
  `Czynsz. Abonament miesięczny jest podawany netto i powiększany o podatek VAT według obowiązującej stawki. ${BILLING_TERMS.join(' ')} ${SPOT_COLOUR_COUNTING.colour} Ceny z umowy są stałe przez cały okres najmu.`,
  `Serwis i materiały. W abonamencie Wynajmujący zapewnia serwis, części zamienne i toner (papier tylko wtedy, gdy umowa tak stanowi). Serwis reaguje na zgłoszenie w ciągu ${terms.standardResponseHours} godzin roboczych, a w pakiecie Premium w ciągu ${terms.premiumSlaHours} godzin roboczych, z urządzeniem zastępczym na czas dłuższej naprawy. Godziny robocze to poniedziałek–piątek 8:00–16:00 z wyłączeniem dni ustawowo wolnych od pracy.`,
  'Dostawa i instalacja. Wynajmujący dostarcza i instaluje urządzenie pod wskazanym adresem w uzgodnionym dniu. Protokół instalacji (data, numer seryjny, początkowe stany liczników) podpisany przez strony rozpoczyna najem i jest podstawą rozliczeń.',
  'Obowiązki Najemcy. Najemca używa urządzenia zgodnie z jego przeznaczeniem, nie oddaje go osobom trzecim, podaje stany liczników na wezwanie Wynajmującego (formularzem na stronie kserowo.pl) i zwraca urządzenie po zakończeniu najmu. Zużycie wynikające z prawidłowego używania obciąża Wynajmującego.',
  'Wypowiedzenie. Każda ze stron może wypowiedzieć umowę bez zachowania terminów wypowiedzenia, gdy druga strona rażąco narusza jej postanowienia i nie usunie naruszenia w terminie 14 dni od wezwania. Najemca może wypowiedzieć umowę, gdy urządzenie ma wady, których Wynajmujący nie usunie w odpowiednim terminie (art. 664 Kodeksu cywilnego).',
  'Forma umowy. Umowa jest zawierana w formie dokumentowej (art. 77² Kodeksu cywilnego): Najemca składa oświadczenie woli, wpisując na stronie zamówienia jednorazowy kod wysłany na adres e-mail osoby podpisującej, który identyfikuje tę osobę. Zmiany umowy wymagają formy dokumentowej.',
  'Przechowywanie treści umowy. Wynajmujący przechowuje treść umowy w postaci, w jakiej została przyjęta, wraz z jej skrótem SHA-256, wersją warunków i danymi akceptacji (czas, adres IP, przeglądarka), a po akceptacji wysyła ją Najemcy e-mailem. Najemca może ją w każdej chwili pobrać pod adresem strony zamówienia.',
  'Dane osobowe. Administratorem danych osobowych osób działających w imieniu Najemcy jest Wynajmujący; zasady ich przetwarzania opisuje polityka prywatności na stronie kserowo.pl/polityka-prywatnosci.',
  'Postanowienia końcowe. W sprawach nieuregulowanych stosuje się przepisy Kodeksu cywilnego. Spory rozstrzyga sąd właściwy dla siedziby Wynajmującego.',
];

/** The terms as printed in a contract document. */
export const rentalTermsText = (): string =>
  [RENTAL_TERMS_TITLE, '', ...RENTAL_TERMS.map((p, i) => `${i + 1}. ${p}`)].join('\n');

/**
 * Copy of the pages other than home, cities and legal texts: /o-nas, /kontakt,
 * the 404 page, the skip link, and every page's meta title and description. Texts quoted
 * in the spec are copied letter for letter; the fallback texts of spec §2 and §8 are in
 * widgets/core/texts.ts. Facts (hours, terms, counters, radius) come from widgets/core.
 */
import { company, statValue } from '../../widgets/core/company.ts';
import {
  PAGE_COUNTING,
  READING_REMINDER_DAY,
  contractTermsText,
  terms,
  withinWorkingHours,
} from '../../widgets/core/terms.ts';
import { cities } from './cities.ts';

const { freeTrialDays, standardResponseHours, premiumSlaHours } = terms;
const devices = statValue('devices');
const customers = statValue('customers');
const years = statValue('years');
const within24h = statValue('serviceWithin24h');
const radius = company.serviceRadiusKm;
const cityNames = cities.map((c) => c.name);
/** 'a, b i c'. */
const andList = (items: string[]): string => `${items.slice(0, -1).join(', ')} i ${items.at(-1)}`;

export interface PageSection {
  heading: string;
  paragraphs: string[];
}

export interface AboutPage {
  title: string;
  lead: string;
  sections: PageSection[];
}

export interface ContactPage {
  title: string;
  lead: string;
  phoneLabel: string;
  emailLabel: string;
  salesEmailLabel: string;
  formTitle: string;
  remote: PageSection;
  hours: { heading: string; text: string };
  afterYouWrite: { heading: string; steps: string[] };
  serviceRequest: PageSection;
  /** Why write to us: the promises of spec §1 next to the counters. */
  promises: { heading: string; items: string[] };
}

export interface PageLink {
  label: string;
  href: string;
}

export interface NotFoundPage {
  title: string;
  text: string;
  homeLink: string;
  suggestionsTitle: string;
  suggestions: PageLink[];
}

export interface PageMeta {
  title: string;
  description: string;
}

export const about: AboutPage = {
  title: 'O nas',
  lead:
    `Kserowo to zespół ze Słupska, który od ${years} lat zajmuje się urządzeniami biurowymi. Dzierżawimy odnowione ` +
    'kserokopiarki i urządzenia wielofunkcyjne Konica Minolta firmom i instytucjom na Pomorzu.',
  sections: [
    {
      heading: 'Kim jesteśmy',
      paragraphs: [
        `Od ${years} lat instalujemy i serwisujemy urządzenia drukujące w biurach, szkołach, przychodniach, kancelariach ` +
          'i urzędach oraz doradzamy przy ich wyborze. Jako autoryzowany partner Konica Minolta korzystamy z oryginalnych ' +
          'części i materiałów eksploatacyjnych, a urządzenia serwisuje nasz własny zespół techników.',
        'Wychodzimy z prostego założenia: większość firm nie chce być właścicielem kserokopiarki – chce, żeby po prostu ' +
          'działała. Dlatego proponujemy stały miesięczny abonament, w którym urządzenie, serwis, toner i materiały ' +
          'eksploatacyjne mieszczą się w jednej cenie.',
      ],
    },
    {
      heading: 'Kserowo w liczbach',
      paragraphs: [
        `U naszych klientów pracuje ponad ${devices} dzierżawionych urządzeń, a zaufało nam ponad ${customers} firm i instytucji. ` +
          `${within24h}% zgłoszeń serwisowych obsługujemy w ciągu 24 godzin.`,
      ],
    },
    {
      heading: 'Jak wygląda współpraca',
      paragraphs: [
        `Zanim podpiszesz umowę, możesz przez ${freeTrialDays} dni bezpłatnie przetestować urządzenie w swojej firmie. Umowy zawieramy ` +
          `na ${contractTermsText()} miesięcy, a na życzenie przygotowujemy elastyczne, krótsze warianty – np. na projekt lub sezon.`,
        'Do wyboru są trzy pakiety: Basic, Business i Premium. Każdy obejmuje serwis, toner i pozostałe materiały ' +
          'eksploatacyjne oraz określony limit kopii w miesiącu. Papier możesz zamówić dodatkowo. Wszystkie ceny podajemy netto.',
      ],
    },
    {
      heading: 'Serwis, na który możesz liczyć',
      paragraphs: [
        `Na zgłoszenia serwisowe reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium – ${withinWorkingHours(premiumSlaHours)}. Jeśli naprawa ` +
          'potrwa dłużej, dostarczamy urządzenie zastępcze, żeby praca w Twoim biurze nie stanęła.',
      ],
    },
    {
      heading: 'Gdzie działamy',
      paragraphs: [
        `Obsługujemy ${andList(cityNames)} oraz okoliczne gminy – w promieniu ok. ${radius} km ` +
          'od Słupska. Rozszerzamy działalność: wkrótce cała Polska.',
      ],
    },
    {
      heading: 'Działamy zdalnie, przyjeżdżamy do Ciebie',
      paragraphs: [
        'Nie prowadzimy biura obsługi klienta. Ofertę, umowę i zgłoszenia serwisowe załatwisz telefonicznie lub online, ' +
          `${company.openingHours.displayLong}. Do Twojej firmy przyjeżdżamy wtedy, gdy to potrzebne: ` +
          'na instalację, przegląd lub naprawę.',
      ],
    },
    {
      heading: 'Dbamy o środowisko',
      paragraphs: [
        `Dajemy sprawdzonym urządzeniom drugie życie: odnowiony sprzęt to o ${company.ecology.lessWastePercent}% mniej odpadów i ${company.ecology.energySavingPercent}% oszczędności ` +
          'energii. Zużyte tonery przekazujemy do recyklingu.',
      ],
    },
  ],
};

export const contactPage: ContactPage = {
  title: 'Kontakt',
  lead:
    'Zadzwoń lub napisz – doradzimy, jakie urządzenie i pakiet wybrać, i przygotujemy bezpłatną wycenę dopasowaną ' +
    'do Twojej firmy.',
  phoneLabel: 'Telefon',
  emailLabel: 'E-mail',
  salesEmailLabel: 'Oferty i wyceny',
  formTitle: 'Napisz do nas',
  remote: {
    heading: 'Działamy zdalnie',
    paragraphs: [
      'Nie prowadzimy biura dla klientów – wszystkie sprawy załatwisz telefonicznie, e-mailem lub przez formularz. ' +
        'Nie tracisz czasu na dojazdy, a my więcej czasu poświęcamy na serwis.',
      'Do Twojej firmy przyjeżdżamy wtedy, gdy to potrzebne: na instalację, przegląd lub naprawę urządzenia.',
    ],
  },
  hours: {
    heading: 'Godziny pracy',
    text:
      `Pracujemy ${company.openingHours.displayLong}. Wiadomości wysłane poza tymi godzinami odczytamy ` +
      'w najbliższy dzień roboczy.',
  },
  afterYouWrite: {
    heading: 'Co się stanie po wysłaniu wiadomości?',
    steps: [
      'Odczytamy wiadomość i skontaktujemy się z Tobą w godzinach pracy – telefonicznie lub e-mailem.',
      'Zapytamy o liczbę wydruków, format i kolor, aby dobrać urządzenie i pakiet.',
      `Prześlemy wycenę, a jeśli zechcesz – umówimy ${freeTrialDays}-dniowy bezpłatny test urządzenia.`,
      'Po akceptacji oferty podpiszemy umowę i ustalimy termin instalacji.',
    ],
  },
  promises: {
    heading: 'Co zyskujesz, pisząc do nas',
    items: [
      `${freeTrialDays} dni bezpłatnego testu urządzenia w Twojej firmie`,
      `Umowa na ${contractTermsText()} miesięcy albo elastyczny, krótszy wariant`,
      `Reakcja serwisu ${withinWorkingHours(standardResponseHours)}, w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}`,
      'Urządzenie zastępcze na czas dłuższej naprawy',
      `${cityNames.join(', ')} i okolice w promieniu ok. ${radius} km – wkrótce cała Polska`,
    ],
  },
  serviceRequest: {
    heading: 'Zgłoszenie serwisowe',
    paragraphs: [
      'Masz już urządzenie od nas? Zgłoś usterkę formularzem „Zgłoś awarię” albo w Strefie klienta, gdzie wybierasz urządzenie z listy, ' +
        `podajesz stan licznika i zamawiasz toner. Reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}.`,
    ],
  },
};

export const notFound: NotFoundPage = {
  title: 'Nie znaleziono strony',
  text: 'Strona, której szukasz, nie istnieje lub została przeniesiona. Sprawdź adres albo przejdź do jednej z poniższych stron.',
  homeLink: 'Wróć na stronę główną',
  suggestionsTitle: 'Może szukasz:',
  suggestions: [
    { label: 'Nasze modele', href: '/modele' },
    { label: 'Konfigurator', href: '/konfigurator' },
    { label: 'Obsługiwane miasta', href: '/miasta' },
    { label: 'Kontakt', href: '/kontakt' },
  ],
};

// The fallback texts of spec §2 and §8 live once, in widgets/core/texts.ts (FALLBACK).
/** Spec §2, letter for letter. */
export const skipLinkText = 'Przejdź do głównej treści';

/** Not in the spec: the line under the critical fallback's title. */
export const criticalFallbackText =
  'Odśwież stronę lub wróć za chwilę. Jeśli problem się powtarza, zadzwoń lub napisz do nas.';

export const pageMeta: Record<string, PageMeta> = {
  '/': {
    title: 'Dzierżawa kserokopiarek na Pomorzu – Słupsk | Kserowo',
    description:
      'Odnowione kserokopiarki Konica Minolta w abonamencie dla firm i instytucji ze Słupska i Pomorza. ' +
      `Serwis i toner w cenie, reakcja ${withinWorkingHours(standardResponseHours)}, ${freeTrialDays} dni testu.`,
  },
  '/konfigurator': {
    title: 'Konfigurator oferty – wycena dzierżawy online | Kserowo',
    description:
      'Wybierz kserokopiarkę Konica Minolta i pakiet Basic, Business lub Premium, a wycenę dzierżawy otrzymasz ' +
      `w mniej niż ${terms.quoteWithinMinutes} minut. Ceny netto, bez zobowiązań.`,
  },
  '/modele': {
    title: 'Modele kserokopiarek Konica Minolta do dzierżawy | Kserowo',
    description:
      'Urządzenia mono i kolorowe w formatach A4 i A3: od bizhub 227 po C458. Porównaj modele i pakiety ' +
      'z serwisem, tonerem i materiałami eksploatacyjnymi w cenie.',
  },
  '/kontakt': {
    title: 'Kontakt – bezpłatna wycena dzierżawy | Kserowo',
    description:
      `Zadzwoń lub napisz: ${company.openingHours.display}. Doradzimy urządzenie i pakiet, przygotujemy bezpłatną wycenę ` +
      `i umówimy ${freeTrialDays}-dniowy test.`,
  },
  '/o-nas': {
    title: `O nas – ${years} lat doświadczenia, lokalny serwis | Kserowo`,
    description:
      `Autoryzowany partner Konica Minolta ze Słupska: ponad ${devices} dzierżawionych urządzeń, ponad ${customers} klientów ` +
      `i ${within24h}% zgłoszeń serwisowych obsłużonych w 24 h.`,
  },
  '/polityka-prywatnosci': {
    title: 'Polityka prywatności | Kserowo',
    description:
      'Jak przetwarzamy dane osobowe z formularza kontaktowego i konfiguratora, jakie prawa daje Ci RODO ' +
      'i jak korzystamy z plików cookies.',
  },
  '/regulamin': {
    title: 'Regulamin serwisu | Kserowo',
    description:
      'Zasady korzystania z serwisu kserowo.pl: formularz kontaktowy, konfigurator ofert, wyceny, wymagania ' +
      'techniczne i tryb składania reklamacji.',
  },
  '/deklaracja-dostepnosci': {
    title: 'Deklaracja dostępności | Kserowo',
    description:
      'Jak sprawdzamy dostępność serwisu kserowo.pl (axe, klawiatura, czytniki ekranu, dwie przeglądarki) ' +
      'i jak zgłosić barierę.',
  },
  '/miasta': {
    title: 'Obsługiwane miasta – Słupsk, Koszalin, Lębork i inne | Kserowo',
    description:
      `Dzierżawa kserokopiarek w ${andList(cities.map((c) => c.locative.replace(/^w /, '')))}. Serwis w promieniu ` +
      `${radius} km od Słupska, wkrótce cała Polska.`,
  },
  '/dla-partnerow': {
    title: 'Dla partnerów – widżety konfiguratora i cennika | Kserowo',
    description:
      'Osadź konfigurator, cennik, listę modeli lub formularz kontaktowy Kserowo na swojej stronie jednym skryptem. ' +
      'Zapytania trafiają do nas z oznaczeniem partnera.',
  },
  '/serwis': {
    title: 'Zgłoś awarię kserokopiarki – serwis online | Kserowo',
    description:
      'Zgłoś awarię dzierżawionego urządzenia w minutę, bez logowania: numer zgłoszenia od razu, status online, ' +
      `reakcja serwisu ${withinWorkingHours(company.service.standardResponseHours)}, w pakiecie Premium ${withinWorkingHours(company.service.premiumSlaHours)}.`,
  },
  '/kalkulator': {
    title: 'Kalkulator: który model i ile drukuję – dobór kserokopiarki | Kserowo',
    description:
      'Policz miesięczną liczbę stron z liczników albo z wielkości biura i zobacz najtańszą pasującą ofertę dzierżawy ' +
      'Konica Minolta z całego cennika, porównaną z obecną umową. Ceny netto.',
  },
  '/licznik': {
    title: 'Podaj stan licznika kserokopiarki | Kserowo',
    description:
      'Wyślij miesięczny odczyt liczników mono i kolor dzierżawionego urządzenia, bez logowania. ' +
      'Na jego podstawie rozliczamy strony ponad limit pakietu.',
  },
  '/konto': {
    title: 'Strefa klienta – urządzenia, odczyty, serwis i toner | Kserowo',
    description:
      'Strefa klienta Kserowo: Twoje urządzenia i umowa, historia odczytów, zgłoszenia serwisowe i zamówienia tonera. ' +
      'Bez hasła – logujesz się linkiem lub kodem z e-maila.',
  },
  '404': {
    title: 'Nie znaleziono strony | Kserowo',
    description: 'Strona, której szukasz, nie istnieje lub została przeniesiona. Przejdź na stronę główną Kserowo.',
  },
};

/** `/serwis` and `/licznik`: the copy around the 'Zgłoś awarię' and 'Podaj stan licznika' forms. */
export const servicePage = {
  title: 'Zgłoś awarię',
  lead: 'Urządzenie nie działa? Zgłoś to tutaj – bez logowania. Od razu dostaniesz numer zgłoszenia i link, pod którym zobaczysz, co się dzieje.',
  aside: {
    heading: 'Jak działa serwis',
    steps: [
      'Wysyłasz zgłoszenie i od razu dostajesz jego numer (SR-…) oraz link do statusu.',
      'Serwisant oddzwania w czasie obiecanym w Twoim pakiecie, liczonym w godzinach pracy serwisu.',
      'Na stronie statusu widzisz każdy krok: przyjęcie, dojazd, naprawę, urządzenie zastępcze, zamknięcie.',
    ],
    meterLink: 'Chcesz podać stan licznika? Przejdź do formularza odczytu',
  },
  lookup: {
    heading: 'Sprawdź status zgłoszenia',
    text: 'Zamknięta karta z linkiem? Wpisz numer zgłoszenia (SR-…) i adres e-mail podany w zgłoszeniu – pokażemy jego status.',
    number: 'Numer zgłoszenia',
    email: 'E-mail podany w zgłoszeniu',
    send: 'Pokaż status',
  },
} as const;

export const calculatorPage = {
  title: 'Nie wiem, który model i ile drukuję',
  lead:
    'Policzymy, ile stron drukujesz miesięcznie – z liczników obecnego urządzenia albo z wielkości biura – i wskażemy ' +
    'najtańszą ofertę z całego cennika, która to udźwignie. Potem porównasz ją z obecną umową i przejdziesz do wyceny.',
  how: {
    heading: 'Jak wybieramy ofertę',
    points: [
      'Liczymy miesięczny koszt każdego urządzenia w każdym pakiecie: opłata plus strony ponad limit, osobno mono i kolor.',
      'Polecamy najtańszą ofertę, która pasuje: kolor, gdy drukujesz w kolorze; A3, gdy go potrzebujesz; i urządzenie, ' +
        'które nie pracuje ponad siły – najwyżej półtora raza więcej stron, niż obejmuje jego największy pakiet.',
      'Jeśli kliknąłeś już konkretny model, pokazujemy go obok z różnicą w kosztach miesięcznie i przez cały okres umowy.',
      'Ceny są netto. Wycenę z tą liczbą stron i porównaniem dostaniesz w konfiguratorze, bez zobowiązań.',
    ],
  },
} as const;

export const meterPage = {
  title: 'Podaj stan licznika',
  lead: `Raz w miesiącu prosimy o odczyt liczników urządzenia: na jego podstawie rozliczamy strony ponad limit pakietu. Przed każdym rozliczeniem (${READING_REMINDER_DAY}. dnia miesiąca) wysyłamy na adres e-mail do faktur link do odczytu każdego urządzenia: otwórz go i wpisz liczby, bez logowania.`,
  aside: {
    heading: 'Gdzie znaleźć liczniki',
    steps: [
      'Na panelu urządzenia naciśnij „Licznik” (Counter) – zobaczysz sumę stron czarno-białych i kolorowych.',
      'Link z e-maila jest przypisany do urządzenia: formularz pokaże jego model i numer seryjny.',
      'Wpisz liczby z ekranu; datę odczytu podpowiadamy jako dzisiejszą.',
      PAGE_COUNTING,
    ],
    serviceLink: 'Urządzenie nie działa? Zgłoś awarię',
  },
} as const;

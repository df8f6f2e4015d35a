/**
 * Copy of the home page sections, in the order of spec §2. The pricing cards
 * and model cards are widgets with their own copy in widgets/core; the
 * counters' numbers come from `company.stats`, the city links from `cities`.
 *
 * Client names and testimonials are in site/content/social-proof.ts, with the consent
 * to publish each one.
 */
import { company, statValue } from '../../widgets/core/company.ts';
import { contractTermsText, terms, withinWorkingHours } from '../../widgets/core/terms.ts';
import type {
  Hero,
  WhyRentSection,
  ComparisonSection,
  EcologySection,
  ProductsSection,
  ConfiguratorTeaser,
  PricingSection,
  ProcessSection,
  StatsSection,
  ClientsSection,
  TestimonialsSection,
  FaqSection,
  WhyUsSection,
  ContactSection,
  HomeContent,
} from './home-types.ts';

const { freeTrialDays, standardResponseHours, premiumSlaHours } = terms;

export const hero: Hero = {
  title: 'Dzierżawa kserokopiarek w Słupsku i na Pomorzu',
  lead:
    'Odnowione urządzenia wielofunkcyjne Konica Minolta w stałym miesięcznym abonamencie. ' +
    'Serwis, toner i materiały eksploatacyjne są w cenie, a Ty płacisz tylko za pakiet dopasowany ' +
    'do liczby wydruków w Twojej firmie.',
  citiesLabel: 'Obsługujemy firmy i instytucje w miastach:',
  primaryCta: 'Skonfiguruj online',
  secondaryCta: 'Bezpłatna konsultacja',
  trustPoints: [
    `${freeTrialDays} dni bezpłatnego testu`,
    `Reakcja serwisu ${withinWorkingHours(standardResponseHours)}`,
    'Autoryzowany partner Konica Minolta',
  ],
};

export const whyRent: WhyRentSection = {
  title: 'Dlaczego warto dzierżawić kserokopiarkę?',
  subtitle: 'Urządzenie, serwis i materiały w jednej umowie – bez inwestycji na start i bez niespodzianek.',
  benefits: [
    {
      title: 'Stała miesięczna opłata',
      text: 'Znasz koszt drukowania z góry na cały okres umowy. Łatwiej zaplanować budżet biura, szkoły czy przychodni.',
      icon: 'calendar',
    },
    {
      title: 'Serwis i toner w cenie',
      text: 'Przeglądy, naprawy, toner i pozostałe materiały eksploatacyjne są wliczone w abonament. Nie kupujesz niczego osobno.',
      icon: 'wrench',
    },
    {
      title: 'Nowoczesny sprzęt',
      text: 'Sprawdzone urządzenia Konica Minolta po profesjonalnej regeneracji: drukowanie, kopiowanie i skanowanie w jednym.',
      icon: 'sparkle',
    },
    {
      title: 'Elastyczność i łatwa wymiana',
      text: 'Gdy firma rośnie albo zmieniają się potrzeby, pomożemy przejść na inne urządzenie lub wyższy pakiet.',
      icon: 'swap',
    },
    {
      title: 'Szybka reakcja',
      text: `Na zgłoszenia serwisowe reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}. Przy dłuższej naprawie dostajesz urządzenie zastępcze.`,
      icon: 'bolt',
    },
    {
      title: 'Brak ukrytych kosztów',
      text: 'Wszystkie ceny podajemy netto, a stawkę za strony ponad limit znasz przed podpisaniem umowy.',
      icon: 'eye',
    },
  ],
};

export const comparison: ComparisonSection = {
  title: 'Dzierżawa czy zakup?',
  subtitle: 'Porównaj, co naprawdę obejmuje miesięczny abonament, a co czeka Cię po zakupie własnego urządzenia.',
  columns: {
    feature: 'Co porównujemy',
    lease: 'Dzierżawa w Kserowo',
    purchase: 'Zakup urządzenia',
  },
  rows: [
    { label: 'Koszt na start', lease: 'Brak – płacisz stały abonament', purchase: 'Pełna cena urządzenia od razu' },
    { label: 'Serwis i naprawy', lease: 'W cenie abonamentu', purchase: 'Po gwarancji płatne osobno' },
    { label: 'Toner i materiały eksploatacyjne', lease: 'W cenie pakietu', purchase: 'Kupujesz sam, na bieżąco' },
    {
      label: 'Wymiana lub zmiana modelu',
      lease: 'Łatwa zmiana urządzenia lub pakietu',
      purchase: 'Sprzedaż starego i zakup nowego',
    },
    { label: 'Ryzyko kosztów awarii', lease: 'Po naszej stronie', purchase: 'Po Twojej stronie' },
    { label: 'Księgowanie', lease: 'Abonament w kosztach bieżących', purchase: 'Zwykle środek trwały i amortyzacja' },
    { label: 'Urządzenie zastępcze', lease: 'Przy dłuższej naprawie', purchase: 'Brak – czekasz na naprawę' },
    { label: 'Test przed decyzją', lease: `${freeTrialDays} dni bezpłatnie`, purchase: 'Zwykle niemożliwy' },
  ],
  conclusion:
    'Dzierżawa nie zamraża gotówki w sprzęcie, a koszt drukowania jest stały i przewidywalny. ' +
    'Serwis, toner i ryzyko awarii bierzemy na siebie, więc Ty zajmujesz się pracą, nie kserokopiarką. ' +
    'Zakup może się opłacić przy bardzo małej liczbie wydruków i własnym serwisie – chętnie policzymy oba warianty dla Twojej firmy.',
  note: 'Sposób ujęcia opłat w kosztach zależy od formy opodatkowania – potwierdź go ze swoim księgowym.',
};

export const ecology: EcologySection = {
  title: 'Ekologiczne drukowanie',
  text:
    'Dajemy sprawdzonym urządzeniom drugie życie, zamiast produkować nowe. ' +
    'Dzięki temu Twoje biuro drukuje taniej i z mniejszym obciążeniem dla środowiska.',
  highlights: [
    { value: `${company.ecology.lessWastePercent}%`, label: 'mniej odpadów' },
    { value: `${company.ecology.energySavingPercent}%`, label: 'oszczędności energii' },
  ],
  points: [
    {
      title: 'Urządzenia odnowione',
      text: 'Każde urządzenie przechodzi regenerację, wymianę zużytych części i testy, zanim trafi do klienta.',
    },
    {
      title: 'Recykling tonerów',
      text: 'Zużyte tonery i części odbieramy przy wizytach serwisowych i przekazujemy do recyklingu.',
    },
    {
      title: 'Tryby oszczędzania energii',
      text: 'Przy instalacji ustawiamy tryb uśpienia i automatyczny druk dwustronny, aby urządzenie nie zużywało prądu ani papieru bez potrzeby.',
    },
  ],
};

export const products: ProductsSection = {
  title: 'Nasze modele kserokopiarek',
  subtitle: 'Najczęściej wybierane urządzenia Konica Minolta – monochromatyczne i kolorowe, w formacie A4 i A3.',
  allModelsLink: 'Zobacz wszystkie modele',
};

export const configuratorTeaser: ConfiguratorTeaser = {
  title: 'Skonfiguruj ofertę online',
  text: `Wybierz urządzenie i pakiet, a wycenę otrzymasz w mniej niż ${terms.quoteWithinMinutes} minut – bez dzwonienia i bez zobowiązań.`,
  steps: [
    { title: 'Wybierz urządzenie', text: 'Kolor czy mono, A4 czy A3 – porównaj modele i ich możliwości.' },
    { title: 'Wybierz pakiet', text: 'Basic, Business lub Premium – według liczby stron drukowanych w miesiącu.' },
    { title: 'Otrzymaj wycenę', text: 'Podaj dane kontaktowe, a wycena od razu trafi na Twój adres e-mail.' },
  ],
  cta: 'Przejdź do konfiguratora',
};

/** The way to the advisor for a visitor who knows neither the model nor the volume (teaser, pricing, FAQ). */
export const calculatorLink = {
  href: '/kalkulator',
  text: 'Nie wiem, który model i ile drukuję',
  note: 'Policzymy Twoje strony i wskażemy najtańszą pasującą ofertę z całego cennika.',
} as const;

export const pricing: PricingSection = {
  title: 'Cennik pakietów',
  subtitle:
    'Trzy pakiety dopasowane do liczby wydruków. Serwis, toner i materiały eksploatacyjne zawsze w cenie, papier – opcjonalnie.',
};

export const workProcess: ProcessSection = {
  title: 'Jak działamy?',
  subtitle: 'Od pierwszego kontaktu do stałej opieki serwisowej – w pięciu prostych krokach.',
  steps: [
    {
      title: 'Kontakt',
      text: `Zadzwoń, napisz lub skorzystaj z konfiguratora. Odpowiadamy w dni robocze w godzinach ${company.openingHours.hours}.`,
    },
    {
      title: 'Analiza potrzeb',
      text: 'Pytamy o liczbę wydruków, format i kolor, a potem proponujemy urządzenie i pakiet, które naprawdę się opłacają.',
    },
    {
      title: 'Podpisanie umowy',
      text: `Umowa na ${contractTermsText()} miesięcy, a na życzenie krótszy okres. Wszystko ustalamy zdalnie, bez wizyty w biurze.`,
    },
    {
      title: 'Instalacja',
      text: 'Przywozimy i podłączamy urządzenie, konfigurujemy drukowanie i skanowanie, pokazujemy zespołowi obsługę.',
    },
    {
      title: 'Opieka serwisowa',
      text: 'Dostarczamy toner, wykonujemy przeglądy i naprawy. Przy dłuższej naprawie zostawiamy urządzenie zastępcze.',
    },
  ],
};

export const stats: StatsSection = {
  title: 'Kserowo w liczbach',
};

export const clients: ClientsSection = {
  title: 'Zaufali nam',
  subtitle: 'Biura, szkoły, przychodnie i instytucje z całego Pomorza.',
};

export const testimonials: TestimonialsSection = {
  title: 'Opinie naszych klientów',
  subtitle: 'Co mówią firmy i instytucje, które drukują z Kserowo.',
};

export const faq: FaqSection = {
  title: 'Najczęściej zadawane pytania',
  subtitle: 'Nie ma tu odpowiedzi na Twoje pytanie? Zadzwoń lub napisz – chętnie pomożemy.',
  items: [
    {
      question: 'Co obejmuje miesięczna opłata?',
      answer:
        'Abonament obejmuje urządzenie, serwis, toner i pozostałe materiały eksploatacyjne oraz określony w pakiecie limit kopii. ' +
        'Strony ponad limit rozliczamy według stawki podanej w pakiecie. Papier możesz zamówić dodatkowo. Wszystkie ceny są cenami netto.',
    },
    {
      question: 'Na jak długo podpisuję umowę?',
      answer:
        `Standardowo na ${contractTermsText()} miesięcy. Jeśli potrzebujesz urządzenia na krótszy czas, np. na projekt lub sezon, ` +
        'zapytaj o elastyczne warunki – przygotujemy indywidualną ofertę.',
    },
    {
      question: 'Co się stanie, gdy urządzenie się zepsuje?',
      answer:
        `Zgłaszasz usterkę przez formularz „Zgłoś awarię” albo w Strefie klienta (tam wybierasz urządzenie z listy), a my reagujemy ${withinWorkingHours(standardResponseHours)} – w pakiecie Premium ${withinWorkingHours(premiumSlaHours)}. ` +
        'Od razu dostajesz numer zgłoszenia i link do jego statusu. Naprawa jest w cenie abonamentu, a jeśli potrwa dłużej, dostarczymy urządzenie zastępcze.',
      links: [
        { href: '/serwis', label: 'Zgłoś awarię' },
        { href: '/konto', label: 'Strefa klienta' },
      ],
    },
    {
      question: 'Czy mogę przetestować urządzenie przed podpisaniem umowy?',
      answer:
        `Tak. Oferujemy ${freeTrialDays} dni bezpłatnego testu w Twojej firmie. Sprawdzisz jakość wydruków, szybkość i skanowanie ` +
        'w codziennej pracy, zanim podejmiesz decyzję.',
    },
  ],
};

export const whyUs: WhyUsSection = {
  title: 'Dlaczego Kserowo?',
  points: [
    {
      title: 'Lokalny serwis',
      text: `Działamy na Pomorzu, w promieniu ok. ${company.serviceRadiusKm} km od Słupska. Znamy region, więc serwisant szybko dociera na miejsce.`,
      icon: 'pin',
    },
    {
      title: 'Własny zespół serwisowy',
      text: `Urządzenia instalują i naprawiają nasi technicy – bez pośredników. Od ${statValue('years')} lat zajmujemy się sprzętem biurowym.`,
      icon: 'team',
    },
    {
      title: 'Autoryzowany partner Konica Minolta',
      text: 'Korzystamy z oryginalnych części i materiałów eksploatacyjnych oraz wiedzy producenta o każdym modelu.',
      icon: 'badge',
    },
  ],
};

export const contact: ContactSection = {
  title: 'Skontaktuj się z nami',
  subtitle: 'Napisz lub zadzwoń – przygotujemy bezpłatną wycenę dopasowaną do Twojej firmy.',
  configuratorPromo: {
    title: 'Wolisz policzyć koszt samodzielnie?',
    text: `W konfiguratorze wybierzesz urządzenie i pakiet, a wycenę otrzymasz w mniej niż ${terms.quoteWithinMinutes} minut.`,
    cta: 'Otwórz konfigurator',
  },
  phoneCard: {
    title: 'Zadzwoń do nas',
    text: 'Doradzimy, jakie urządzenie i pakiet wybrać.',
  },
  emailCard: {
    title: 'Napisz do nas',
    text: 'Opisz, czego potrzebujesz – odpowiemy w dni robocze.',
  },
  hoursLabel: 'Godziny pracy',
};

export const home: HomeContent = {
  hero,
  whyRent,
  comparison,
  ecology,
  products,
  configuratorTeaser,
  pricing,
  process: workProcess,
  stats,
  clients,
  testimonials,
  faq,
  whyUs,
  contact,
};

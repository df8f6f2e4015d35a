/** Copy of `/modele` around the model list (the cards' own copy is in widgets/models/copy.ts). */
import { terms, withinWorkingHours } from '../../widgets/core/terms.ts';

const { premiumSlaHours } = terms;

export interface ModelsPageContent {
  title: string;
  lead: string;
  /** Heading over the cards (they are h3). */
  listTitle: string;
  guideTitle: string;
  guide: { heading: string; text: string }[];
  ctaTitle: string;
  ctaText: string;
  configuratorCta: string;
  contactCta: string;
}

export const modelsPage: ModelsPageContent = {
  title: 'Modele kserokopiarek Konica Minolta',
  lead:
    'Odnowione urządzenia wielofunkcyjne w stałym miesięcznym abonamencie: mono i kolorowe, w formacie A4 i A3. ' +
    'Serwis, toner i materiały eksploatacyjne są w cenie każdego pakietu. Wybierz kilka modeli i porównaj je obok siebie.',
  listTitle: 'Modele i ceny dzierżawy',
  guideTitle: 'Jak wybrać urządzenie?',
  guide: [
    {
      heading: 'Mono czy kolor?',
      text:
        'Jeśli drukujesz głównie faktury, umowy i pisma, wystarczy urządzenie mono – to najniższy koszt strony. ' +
        'Kolor przyda się do ofert, prezentacji i materiałów dla klientów; w pakietach kolorowych część limitu to strony kolorowe.',
    },
    {
      heading: 'A4 czy A3?',
      text:
        'Urządzenia A4 są mniejsze i tańsze – pasują do większości biur. Format A3 wybierz, gdy drukujesz lub kopiujesz ' +
        'plany, rysunki, plakaty albo zestawienia w dużym formacie.',
    },
    {
      heading: 'Ile stron miesięcznie?',
      text:
        'Każdy model ma trzy pakiety: Basic, Business i Premium. Różnią się limitem stron w cenie i czasem reakcji serwisu ' +
        `(w Premium ${withinWorkingHours(premiumSlaHours)}). Strony ponad limit rozliczamy według stawki podanej przy urządzeniu.`,
    },
  ],
  ctaTitle: 'Nie wiesz, który model wybrać?',
  ctaText:
    'W konfiguratorze policzysz koszt dla swojej liczby wydruków, a my chętnie doradzimy przez telefon lub e-mail.',
  configuratorCta: 'Przejdź do konfiguratora',
  contactCta: 'Zapytaj o dobór urządzenia',
};

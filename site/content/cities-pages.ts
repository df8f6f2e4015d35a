/** The copy around the cities' own facts: the /miasta overview's and a city page's (site/pages/city.tsx). */
import { company } from '../../widgets/core/company.ts';
import { terms, withinWorkingHours } from '../../widgets/core/terms.ts';

const { standardResponseHours, premiumSlaHours } = terms;

export interface CitiesIntro {
  title: string;
  lead: string;
  paragraphs: string[];
  comingSoonTitle: string;
  comingSoonText: string;
  /** Label of the link from the overview card to a city page. */
  cityLinkLabel: string;
}

export const citiesIntro: CitiesIntro = {
  title: 'Obsługiwane miasta',
  lead:
    'Dzierżawimy kserokopiarki firmom i instytucjom w Słupsku, Bytowie, Koszalinie, Lęborku, Miastku i Sławnie oraz ' +
    'w okolicznych gminach.',
  paragraphs: [
    `Nasz zespół serwisowy wyjeżdża ze Słupska i obsługuje klientów w promieniu ok. ${company.serviceRadiusKm} km. Dzięki temu na zgłoszenia ` +
      `reagujemy ${withinWorkingHours(standardResponseHours)}, a w pakiecie Premium ${withinWorkingHours(premiumSlaHours)} – także poza największymi miastami.`,
    'Nie masz swojej miejscowości na liście? Jeśli leży w naszym zasięgu, obsłużymy ją na tych samych warunkach. ' +
      'Zadzwoń lub napisz, a potwierdzimy dojazd.',
  ],
  comingSoonTitle: 'Wkrótce cała Polska',
  comingSoonText:
    'Rozszerzamy działalność – wkrótce cała Polska. Już teraz możesz skonfigurować ofertę online i zapytać o termin ' +
    'uruchomienia obsługi w Twoim regionie.',
  cityLinkLabel: 'Zobacz szczegóły',
};

/** Copy of a city page around the city's own facts (site/pages/city.tsx). */
export const cityPage = {
  crumbsLabel: 'Ścieżka nawigacji',
  citiesCrumb: 'Miasta',
  factsTitle: (name: string) => `${name} w skrócie`,
  distanceLabel: 'Odległość od Słupska',
  baseDistance: 'Tu mamy bazę serwisu',
  distance: (km: number) => `ok. ${km} km`,
  travelLabel: 'Dojazd serwisu',
  baseTravel: 'na miejscu, często tego samego dnia',
  travel: (min: number) =>
    min < 60 ? `ok. ${min} min` : `ok. ${Math.floor(min / 60)} h ${min % 60 ? `${min % 60} min` : ''}`.trim(),
  responseLabel: 'Reakcja na zgłoszenie',
  countyLabel: 'Powiat i województwo',
  county: (county: string, voivodeship: string) => `${county}, woj. ${voivodeship}`,
  hoursLabel: 'Godziny pracy',
  nearbyTitle: (genitive: string) => `Obsługujemy też okolice ${genitive}`,
  nearbyText: `Nie widzisz swojej miejscowości? Działamy w promieniu ok. ${company.serviceRadiusKm} km od Słupska – `,
  nearbyLink: 'zapytaj o dojazd',
  pricingTitle: (locative: string) => `Pakiety i ceny ${locative}`,
  pricingLead: (locative: string) =>
    `Te same ceny w całym regionie – dojazd serwisu ${locative} jest w cenie abonamentu.`,
  faqTitle: (name: string) => `Najczęstsze pytania – ${name}`,
  ctaTitle: (locative: string) => `Bezpłatna wycena ${locative}`,
  ctaText: `Skonfiguruj ofertę online w mniej niż ${terms.quoteWithinMinutes} minut albo napisz do nas – odpowiemy w dni robocze.`,
  configuratorCta: 'Skonfiguruj online',
  quoteCta: 'Zamów wycenę',
  otherCities: 'Inne miasta:',
};

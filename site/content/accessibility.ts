/**
 * `/deklaracja-dostepnosci`: the accessibility statement. 'What we tested' lists only the
 * checks the repository really runs (tests/browser: quality.spec.ts runs axe on every route
 * of site/routes.ts at 375 and 1280 px; header, FAQ, models, pricing and configurator specs
 * use the keyboard; every browser test finds controls by role and accessible name;
 * tests/browser/firefox/axe.test.ts runs axe on every route in Firefox ESR). Keep it
 * true: change the list when the tests change, and `ACCESSIBILITY_UPDATED` with it.
 */
import type { Company } from '../../widgets/core/company.ts';

export const ACCESSIBILITY_UPDATED = '2026-11-24';

export interface AccessibilitySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface AccessibilityStatement {
  title: string;
  lead: string;
  sections: AccessibilitySection[];
}

export function accessibilityStatement(c: Company): AccessibilityStatement {
  const contactWays = c.phone
    ? `napisz na adres ${c.email} lub zadzwoń pod numer ${c.phone.display} (${c.openingHours.display})`
    : `napisz na adres ${c.email}`;
  return {
    title: 'Deklaracja dostępności',
    lead:
      `Chcemy, aby z serwisu ${c.domain} mógł wygodnie korzystać każdy – także osoby, które używają czytnika ekranu, ` +
      'samej klawiatury albo powiększenia. Deklaracja dotyczy serwisu i naszych widżetów osadzanych na stronach partnerów.',
    sections: [
      {
        heading: 'Stan dostępności',
        paragraphs: [
          'Serwis projektujemy i sprawdzamy zgodnie z wytycznymi WCAG 2.1 na poziomie AA. Nie znamy obecnie treści, ' +
            'które byłyby niedostępne. Jeśli trafisz na barierę, daj nam znać – poprawimy ją.',
        ],
      },
      {
        heading: 'Co sprawdziliśmy',
        paragraphs: ['Przy każdej zmianie serwisu uruchamiamy automatyczne testy, które sprawdzają:'],
        list: [
          'każdą podstronę serwisu i stronę błędu narzędziem axe, w szerokości telefonu (375 px) i komputera (1280 px), ' +
            'razem z treścią widżetów (cennika, listy modeli, konfiguratora i formularza);',
          'obsługę klawiaturą: link „Przejdź do głównej treści”, menu „Oferta” i menu na telefonie, pytania FAQ, ' +
            'przełącznik cennika, porównanie modeli i kolejne kroki konfiguratora;',
          'nazwy, które odczytuje czytnik ekranu: przyciski, linki, pola formularzy i komunikaty są wyszukiwane w testach ' +
            'po swojej roli i nazwie, tak jak widzi je technologia asystująca;',
          'działanie w dwóch silnikach przeglądarek: Chromium (Blink) we wszystkich testach oraz Firefox (Gecko) ' +
            'w teście axe każdej podstrony.',
        ],
      },
      {
        heading: 'Ułatwienia',
        paragraphs: [],
        list: [
          'strony działają bez JavaScriptu: ceny, modele i dane kontaktowe są w treści strony;',
          'układ dopasowuje się do szerokości ekranu telefonu, tabletu i komputera;',
          'mapa obsługiwanych miast ma obok siebie listę miast z odnośnikami.',
        ],
      },
      {
        heading: 'Zgłoś barierę',
        paragraphs: [
          `Jeśli coś w serwisie jest dla Ciebie niedostępne, ${contactWays}. Podaj adres strony, opisz problem ` +
            'i napisz, z jakiego urządzenia lub programu korzystasz. Możesz też poprosić o treść w innej formie, ' +
            'np. wycenę jako zwykły tekst w wiadomości e-mail.',
          `Odpowiadamy w godzinach pracy: ${c.openingHours.display}.`,
        ],
      },
    ],
  };
}

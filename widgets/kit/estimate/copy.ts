/** Polish copy of the volume calculator and the comparison with the current contract. */
import { formatNumber } from '../../core/format.ts';
import { MIN_READING_DAYS } from '../../core/estimate.ts';
import { DUTY_HEADROOM } from '../../core/advisor.ts';
import { JUMP_FACTOR } from '../../core/meter.ts';
import { countText, monthsText } from '../../core/plural.ts';
import { COLOR_PAGES, DAYS, MONO_PAGES, PAGES } from '../../core/nouns.ts';

export const C = {
  title: 'Nie wiem, który model i ile drukuję',
  unavailable: 'Kalkulator niedostępny',
  intro:
    'Policzymy miesięczną liczbę stron z liczników Twojego obecnego urządzenia albo oszacujemy ją z wielkości biura.',
  tabs: 'Sposób szacowania',
  tabCounters: 'Z liczników urządzenia',
  tabProfile: 'Z profilu biura',
  help: `Gdzie znaleźć liczniki? Na urządzeniu Konica Minolta naciśnij na panelu przycisk „Licznik” (w nowszych modelach: Menu → Licznik). Zobaczysz łączną liczbę stron czarno-białych i kolorowych; możesz też wydrukować z tego ekranu raport liczników. Zapisz stany dziś i ponownie za kilka tygodni – odczyty muszą dzielić co najmniej ${MIN_READING_DAYS} dni.`,
  first: 'Pierwszy odczyt',
  second: 'Drugi odczyt',
  date: 'Data odczytu',
  mono: 'Licznik mono (czarno-białe)',
  color: 'Licznik kolor',
  colorOptional: '(pomiń przy urządzeniu mono)',
  people: 'Ile osób drukuje?',
  profile: 'Ile drukuje jedna osoba?',
  perPerson: (n: number, low: number, high: number) =>
    `ok. ${countText(n, PAGES)} na osobę miesięcznie (od ${formatNumber(low)} do ${formatNumber(high)})`,
  colorShare: 'Udział wydruków kolorowych (%)',
  calculate: 'Oblicz liczbę stron',
  result: (mono: number, color: number) =>
    `Średnio ${countText(mono, MONO_PAGES)}${color ? ` i ${countText(color, COLOR_PAGES)}` : ''} miesięcznie.`,
  fromDays: (days: number) => `Między odczytami: ${countText(days, DAYS)}.`,
  range: (low: number, high: number) =>
    `To szacunek: zależnie od nawyków biura od ${formatNumber(low)} do ${countText(high, PAGES)} miesięcznie.`,
  filled: 'Wpisaliśmy tę liczbę stron w pola powyżej.',
  a3: 'Potrzebuję formatu A3 (np. plany, plakaty, arkusze)',
  best: 'Polecamy',
  bestWhy: (color: boolean, a3: boolean) =>
    `Najtańsza oferta przy tej liczbie stron wśród urządzeń${color ? ' kolorowych' : ''}${a3 ? ' formatu A3' : ''}, które ją udźwigną (najwyżej ${formatNumber(DUTY_HEADROOM * 100)}% stron największego pakietu urządzenia).`,
  clicked: 'Wybrane urządzenie',
  clickedMore: (monthly: string) => `${monthly} netto miesięcznie więcej niż polecana oferta`,
  clickedLess: (monthly: string) => `${monthly} netto miesięcznie mniej, ale`,
  overTermShort: (months: number, amount: string) => `${amount} przez ${monthsText(months)}`,
  misfit: {
    color: 'nie drukuje w kolorze',
    a3: 'nie drukuje w formacie A3',
    duty: 'nie jest zbudowane na tyle stron miesięcznie',
  },
  noFit:
    'Żadne z naszych urządzeń nie jest zbudowane na tyle stron miesięcznie. Zadzwoń do nas: dobierzemy kilka urządzeń albo większy model.',
  jump: (pages: number, usual: number) =>
    `${countText(pages, PAGES)} miesięcznie to ponad ${JUMP_FACTOR} razy więcej, niż przewiduje największy pakiet typowego urządzenia z naszej oferty (${countText(usual, PAGES)}). Sprawdź odczyty: czy żadna cyfra nie jest przestawiona?`,
  jumpConfirm: 'Tak, liczby są poprawne',
  choose: (name: string) => `Wybierz ${name}`,

  toConfigurator: 'Przejdź do konfiguratora z tą liczbą stron',
  compareOpen: 'Porównaj z obecną umową',
  compareIntro:
    'Podaj kwoty netto z obecnej umowy. Wystarczy opłata miesięczna; resztę uzupełnij, jeśli płacisz osobno.',
  fee: 'Opłata miesięczna netto (zł)',
  rateMono: 'Cena za stronę mono ponad limit (zł)',
  rateColor: 'Cena za stronę kolor ponad limit (zł)',
  includedMono: 'Strony mono w cenie',
  includedColor: 'Strony kolor w cenie',
  toner: 'Toner miesięcznie (zł)',
  service: 'Serwis miesięcznie (zł)',
  paper: 'Papier miesięcznie (zł)',
  paperNote: 'Papier pokazujemy osobno: w Kserowo to opcja wyceniana na zapytanie.',
  optional: '(opcjonalnie)',
  compare: 'Porównaj koszty',
  needVolume: 'Najpierw oblicz liczbę stron powyżej (albo wpisz ją w pola konfiguratora).',
  now: 'Obecna umowa',
  offer: (name: string) => `Kserowo ${name}`,
  perMonth: 'miesięcznie',
  saves: (amount: string) => `Oszczędzasz ${amount} netto miesięcznie.`,
  costsMore: (amount: string) =>
    `Uczciwie: przy tej liczbie stron obecna umowa jest tańsza o ${amount} netto miesięcznie.`,
  same: 'Przy tej liczbie stron koszty są takie same.',
  noDifference: 'bez różnicy',
  difference: 'Różnica miesięcznie',
  overTerm: (months: number) => `Różnica przez ${monthsText(months)}`,
  less: 'mniej niż teraz',
  more: 'więcej niż teraz',
  cheaper: (name: string, cost: string) => `Tańsza opcja u nas: ${name} za ${cost} netto miesięcznie.`,
  noCheaper: 'Nie mamy tańszego pakietu przy tej liczbie stron.',
  gross: 'brutto',
  net: 'netto',
} as const;

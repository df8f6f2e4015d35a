/**
 * Polish copy of `<kserowo-models>`. The spec quotes none of it except 'Odnowiony'
 * (DESIGN, the badge of `isRefurbished`) and the fallback (in core/texts.ts); 'Mono',
 * 'Kolor', 'od' and 'netto / mies.' come from the pricing copy so both widgets say
 * the same. Feature lines of each device are in the catalogue (core/catalogue.ts).
 */
import { MAX_COMPARE } from './view.ts';

export const MODELS = {
  filtersLabel: 'Filtry i sortowanie',
  typeLegend: 'Rodzaj',
  formatLegend: 'Format',
  orderLegend: 'Sortuj',
  all: 'Wszystkie',
  popular: 'Najpopularniejsze',
  price: 'Najniższa cena',
  refurbished: 'Odnowiony',
  model: 'Model',
  included: 'W pakiecie',
  perMonth: 'miesięcznie',
  cta: 'Skonfiguruj',
  compare: 'Porównaj',
  compareChosen: 'Do porównania:',
  compareMore: 'Wybierz jeszcze jeden model, aby porównać.',
  compareMax: `Możesz porównać najwyżej ${MAX_COMPARE} modele – odznacz jeden z wybranych.`,
  compareOpen: 'Porównaj modele',
  compareClear: 'Wyczyść',
  compareTitle: 'Porównanie modeli',
  compareCaption: 'Ceny netto za miesiąc, strony w cenie pakietu i cena jednej strony ponad limit.',
  close: 'Zamknij',
  rowType: 'Rodzaj',
  rowFormat: 'Format',
  rowFrom: 'Cena od',
  rowOverMono: 'Ponad limit: mono',
  rowOverColor: 'Ponad limit: kolor',
  pagesMono: 'str. mono',
  pagesColor: 'str. kolor',
  none: 'Brak modeli spełniających wybrane kryteria.',
  reset: 'Pokaż wszystkie modele',
  shown: (n: number, total: number) => `Pokazano modele: ${n} z ${total}.`,
  added: (model: string, n: number) => `Dodano ${model} do porównania (${n} z ${MAX_COMPARE}).`,
  removed: (model: string) => `Usunięto ${model} z porównania.`,
} as const;

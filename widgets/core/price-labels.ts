/**
 * Labels of prices shared by the pricing cards and the model cards (spec §2 item 8):
 * a module of their own so a widget that needs only these does not load the package copy.
 */
/** Spec §2 item 8. */
export const PRICING = {
  title: 'Cennik',
  mono: 'Mono',
  color: 'Kolor',
  switchLabel: 'Pokaż ceny urządzeń kolorowych',
  popular: 'Najpopularniejszy',
  footnote: 'Wszystkie podane ceny są cenami netto.',
  cta: 'Skonfiguruj pakiet',
  perMonth: 'netto / mies.',
  from: 'od',
  grossSuffix: 'brutto',
  includedTitle: 'W cenie miesięcznie',
  range: 'zależnie od modelu',
} as const;

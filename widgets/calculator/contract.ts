/** The public contract of `<kserowo-calculator>` (shape and rules: widgets/core/contract.ts). */
import { ALL_THEME_PROPERTIES, ERROR_EVENT, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-calculator';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { ...commonProps, device: 'string', configuratorUrl: 'string' } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Kalkulator liczby stron i oszczędności',
  description:
    'Liczba stron miesięcznie z dwóch odczytów licznika albo z profilu biura, polecany pakiet i porównanie z obecną umową najmu.',
  kinds: props,
  attributes: {
    device: {
      valueText: 'id urządzenia, np. km-c258',
      text: 'Urządzenie, z którym porównujemy; bez atrybutu najtańsze urządzenie przy obliczonej liczbie stron.',
    },
    configuratorUrl: {
      valueText: 'adres URL',
      text: 'Dokąd prowadzi przycisk „Przejdź do konfiguratora”; domyślnie nasz konfigurator.',
    },
  },
  events: {
    'kserowo:estimate': {
      detail: "{ mono: number; color: number; source: 'counters' | 'profile'; savingsMonthly?: number }",
      text: 'Odwiedzający obliczył liczbę stron (i po porównaniu z obecną umową: miesięczną oszczędność netto, ujemną, gdy obecna umowa jest tańsza).',
    },
    ...ERROR_EVENT,
  },
  parts: ['root', 'estimate', 'comparison', 'cta'],
  cssProperties: ALL_THEME_PROPERTIES,
};

/** The public contract of `<kserowo-models>` (shape and rules: widgets/core/contract.ts). */
import { ALL_THEME_PROPERTIES, ERROR_EVENT, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-models';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = {
  ...commonProps,
  limit: 'number',
  order: 'string',
  filters: 'boolean',
  configuratorUrl: 'string',
  syncUrl: 'boolean',
  headingLevel: 'number',
} as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Modele urządzeń',
  description: 'Karty urządzeń: pełna lista z filtrami albo kilka najpopularniejszych.',
  kinds: props,
  attributes: {
    limit: { valueText: 'liczba', text: 'Ile urządzeń pokazać; bez atrybutu wszystkie.' },
    order: {
      values: { popular: 'Najpopularniejsze', price: 'Od najtańszego' },
      default: 'popular',
      text: 'Kolejność: najpopularniejsze albo od najtańszego.',
    },
    filters: {
      text: 'Pokazuje filtry (Mono/Kolor, A4/A3) z liczbą modeli, sortowanie według ceny i porównanie 2–3 modeli.',
    },
    configuratorUrl: { valueText: 'adres URL', text: 'Dokąd prowadzi przycisk karty; domyślnie nasz konfigurator.' },
    syncUrl: {
      text: 'Zapisuje filtry, kolejność i porównywane modele w adresie strony. Domyślnie wyłączony, żeby nie zmieniać adresu Twojej strony.',
    },
    headingLevel: {
      valueText: 'liczba 2–6',
      text:
        'Poziom nagłówków kart (2 to h2). Domyślnie o jeden niższy niż najbliższy nagłówek przed widżetem na Twojej ' +
        'stronie: h3 w sekcji z nagłówkiem h2, h2 zaraz po h1.',
    },
  },
  events: { ...ERROR_EVENT },
  parts: ['root', 'toolbar', 'card', 'price', 'cta', 'compare-bar', 'compare'],
  cssProperties: ALL_THEME_PROPERTIES,
};

/** The public contract of `<kserowo-pricing>` (shape and rules: widgets/core/contract.ts). */
import { ALL_THEME_PROPERTIES, ERROR_EVENT, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-pricing';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { ...commonProps, type: 'string', configuratorUrl: 'string', headingLevel: 'number' } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Cennik pakietów',
  description: 'Przełącznik Mono/Kolor i trzy karty pakietów (Basic, Business, Premium) z cenami netto i brutto.',
  kinds: props,
  attributes: {
    type: { values: { mono: 'Mono', color: 'Kolor' }, default: 'color', text: 'Rodzaj urządzeń pokazany na starcie.' },
    configuratorUrl: { valueText: 'adres URL', text: 'Dokąd prowadzą przyciski kart; domyślnie nasz konfigurator.' },
    headingLevel: {
      valueText: 'liczba 2–6',
      text:
        'Poziom nagłówków kart (2 to h2). Domyślnie o jeden niższy niż najbliższy nagłówek przed widżetem na Twojej ' +
        'stronie: h3 w sekcji z nagłówkiem h2, h2 zaraz po h1.',
    },
  },
  events: {
    'kserowo:type-change': { detail: "{ type: 'mono' | 'color' }", text: 'Odwiedzający przełączył cennik.' },
    ...ERROR_EVENT,
  },
  parts: ['root', 'switch', 'card', 'price', 'cta'],
  cssProperties: ALL_THEME_PROPERTIES,
};

/** The public contract of `<kserowo-contact>` (shape and rules: widgets/core/contract.ts). */
import { ERROR_EVENT, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-contact';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { ...commonProps } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Formularz kontaktowy',
  description: 'Krótki formularz: imię, e-mail, telefon i wiadomość. Wiadomość trafia do naszego działu sprzedaży.',
  kinds: props,
  attributes: {},
  events: {
    'kserowo:lead': {
      detail: "{ kind: 'contact'; value: 100; currency: 'PLN' }",
      text: 'Wiadomość została zapisana u nas.',
    },
    ...ERROR_EVENT,
  },
  // Light DOM (for autofill): no parts; style it through the custom properties.
  parts: [],
  // Every theme property but the loading height: the form renders at once.
  cssProperties: [
    '--kserowo-accent',
    '--kserowo-accent-hover',
    '--kserowo-accent-contrast',
    '--kserowo-text',
    '--kserowo-muted',
    '--kserowo-surface',
    '--kserowo-border',
    '--kserowo-focus',
    '--kserowo-font',
    '--kserowo-radius',
  ],
};

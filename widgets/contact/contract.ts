/** The public contract of `<kserowo-contact>` (shape and rules: widgets/core/contract.ts). */
import { LEAD_VALUE } from '../core/analytics.ts';
import { ERROR_EVENT, PREFILL_ATTRIBUTES, type WidgetContract } from '../core/contract.ts';
import { prefillProps } from '../core/prefill.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-contact';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { ...commonProps, ...prefillProps('name', 'email', 'phone') } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Formularz kontaktowy',
  description: 'Krótki formularz: imię, e-mail, telefon i wiadomość. Wiadomość trafia do naszego działu sprzedaży.',
  kinds: props,
  attributes: {
    name: PREFILL_ATTRIBUTES.name,
    email: PREFILL_ATTRIBUTES.email,
    phone: PREFILL_ATTRIBUTES.phone,
  },
  events: {
    'kserowo:lead': {
      detail: `{ kind: 'contact'; value: ${LEAD_VALUE}; currency: 'PLN' }`,
      text: 'Wiadomość została zapisana u nas.',
    },
    ...ERROR_EVENT,
  },
  // An open shadow root: host CSS cannot reach it; style it through these and the custom properties.
  parts: ['root', 'form', 'field', 'submit', 'toast'],
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

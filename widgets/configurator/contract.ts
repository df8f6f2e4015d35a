/** The public contract of `<kserowo-configurator>` (shape and rules: widgets/core/contract.ts). */
import { LEAD_VALUE } from '../core/analytics.ts';
import { ALL_THEME_PROPERTIES, ERROR_EVENT, PREFILL_ATTRIBUTES, type WidgetContract } from '../core/contract.ts';
import { prefillProps } from '../core/prefill.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-configurator';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = {
  ...commonProps,
  device: 'string',
  package: 'string',
  syncUrl: 'boolean',
  ...prefillProps('name', 'email', 'phone', 'company', 'nip'),
} as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Konfigurator oferty',
  description:
    'Wybór urządzenia, pakietu i okresu umowy, a na końcu wycena wysyłana do nas z danymi kontaktowymi klienta. ' +
    'Z adresu strony przyjmuje to, co przekazuje kalkulator (?mono, ?color, ?estimate, ?contract), także bez sync-url: ' +
    'liczba stron i porównanie z obecną umową trafiają do wyceny.',
  kinds: props,
  attributes: {
    device: {
      valueText: 'id urządzenia, np. km-c258',
      text: 'Urządzenie wybrane na starcie; bez atrybutu decyduje parametr ?device= w adresie strony.',
    },
    package: {
      values: { basic: 'Basic', business: 'Business', premium: 'Premium' },
      text: 'Pakiet wybrany na starcie; bez atrybutu decyduje parametr ?package= w adresie strony.',
    },
    syncUrl: {
      text: 'Zapisuje krok i wybory w adresie strony i historii przeglądarki. Domyślnie wyłączony, żeby nie zmieniać adresu Twojej strony.',
    },
    ...PREFILL_ATTRIBUTES,
  },
  events: {
    'kserowo:step': {
      detail:
        '{ step: 1 | 2 | 3; deviceId?: string; level?: string; volume_mono?: number; volume_color?: number; savings_monthly?: number }',
      text: 'Konfigurator przeszedł do kroku (1 urządzenie, 2 pakiet, 3 dane kontaktowe); z liczbą stron miesięcznie i oszczędnością względem obecnej umowy, gdy są znane.',
    },
    'kserowo:lead': {
      detail: `{ kind: 'quote'; number: string; value: ${LEAD_VALUE}; currency: 'PLN'; volume_mono?: number; volume_color?: number; savings_monthly?: number }`,
      text: 'Wycena została zapisana u nas; number to jej numer, np. KS-2026-000123.',
    },
    ...ERROR_EVENT,
  },
  parts: ['root', 'progress', 'device', 'package', 'summary', 'form', 'toast', 'done'],
  cssProperties: ALL_THEME_PROPERTIES,
};

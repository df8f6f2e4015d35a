/** The public contract of `<kserowo-meter>` (shape and rules: widgets/core/contract.ts). */
import { ERROR_EVENT, SERIAL_ATTRIBUTE, SERVICE_FORM_STYLING, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-meter';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { name: 'string', email: 'string', serial: 'string', ...commonProps } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Odczyt licznika',
  description:
    'Formularz „Podaj stan licznika” dla klientów: numer seryjny, liczniki mono i kolor, data odczytu i uwagi. ' +
    'Odczyt niższy od poprzedniego jest odrzucany, a nietypowo duży skok wymaga potwierdzenia.',
  kinds: props,
  attributes: {
    name: { valueText: 'tekst', text: 'Wstępnie wpisane imię i nazwisko osoby podającej odczyt.' },
    email: { valueText: 'adres e-mail', text: 'Wstępnie wpisany adres e-mail osoby podającej odczyt.' },
    serial: SERIAL_ATTRIBUTE,
  },
  events: {
    'kserowo:lead': {
      detail: "{ kind: 'meter'; serial: string }",
      text: 'Odczyt został zapisany dla urządzenia o tym numerze seryjnym.',
    },
    ...ERROR_EVENT,
  },
  ...SERVICE_FORM_STYLING,
};

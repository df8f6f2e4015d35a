/** The public contract of `<kserowo-meter>` (shape and rules: widgets/core/contract.ts). */
import { ERROR_EVENT, SERVICE_FORM_STYLING, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-meter';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = { name: 'string', email: 'string', serial: 'string', t: 'string', ...commonProps } as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Odczyt licznika',
  description:
    'Formularz „Podaj stan licznika” dla klientów, otwierany linkiem do odczytu z e-maila z przypomnieniem: ' +
    'pokazuje model i numer seryjny urządzenia, przyjmuje liczniki mono i (dla urządzeń kolorowych) kolor, datę odczytu i uwagi. ' +
    'Odczyt niemieszczący się między sąsiednimi odczytami jest odrzucany, a nietypowo duży skok wymaga potwierdzenia. ' +
    'Bez linku formularz wyjaśnia, skąd go wziąć: sam numer seryjny nie wystarczy.',
  kinds: props,
  attributes: {
    name: { valueText: 'tekst', text: 'Wstępnie wpisane imię i nazwisko osoby podającej odczyt.' },
    email: { valueText: 'adres e-mail', text: 'Wstępnie wpisany adres e-mail osoby podającej odczyt.' },
    serial: {
      valueText: 'numer seryjny',
      text: 'Przyjmowany dla zgodności i pomijany: sam numer seryjny nie pozwala podać odczytu.',
    },
    t: {
      valueText: 'token linku',
      text: 'Token linku do odczytu urządzenia (także z parametru ?t= adresu strony, jak w e-mailu z przypomnieniem).',
    },
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

/** The public contract of `<kserowo-service>` (shape and rules: widgets/core/contract.ts). */
import { ERROR_EVENT, SERIAL_ATTRIBUTE, SERVICE_FORM_STYLING, type WidgetContract } from '../core/contract.ts';
import { commonProps } from '../core/widget-props.ts';

export const tag = 'kserowo-service';

/** Attributes (as camelCase properties) and how they are parsed: all the widget bundles. */
export const props = {
  name: 'string',
  email: 'string',
  phone: 'string',
  company: 'string',
  nip: 'string',
  serial: 'string',
  ...commonProps,
} as const;

export const contract: WidgetContract<typeof props> = {
  tag,
  title: 'Zgłoszenie awarii',
  description:
    'Formularz „Zgłoś awarię” dla klientów: numer seryjny lub NIP, rodzaj problemu, kod błędu, opis i kontakt. ' +
    'Klient od razu dostaje numer zgłoszenia (SR-…) i link do strony statusu.',
  kinds: props,
  attributes: {
    name: { valueText: 'tekst', text: 'Wstępnie wpisane imię i nazwisko zgłaszającego.' },
    email: { valueText: 'adres e-mail', text: 'Wstępnie wpisany adres e-mail zgłaszającego.' },
    phone: { valueText: 'numer telefonu', text: 'Wstępnie wpisany telefon, pod który zadzwoni serwisant.' },
    company: { valueText: 'tekst', text: 'Wstępnie wpisana nazwa firmy klienta.' },
    nip: { valueText: '10 cyfr', text: 'Wstępnie wpisany NIP firmy, gdy numer seryjny nie jest znany.' },
    serial: SERIAL_ATTRIBUTE,
  },
  events: {
    'kserowo:lead': {
      detail: "{ kind: 'service'; number: string }",
      text: 'Zgłoszenie zostało zapisane; number to jego numer SR-RRRR-NNNNNN.',
    },
    ...ERROR_EVENT,
  },
  ...SERVICE_FORM_STYLING,
};

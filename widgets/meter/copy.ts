/** The texts of `<kserowo-meter>` and the shape of what the reading link's device endpoint answers. */

import type { MeterDevice } from '../core/meter.ts';
import { dateText } from '../core/dates.ts';
import { formatNumber } from '../core/format.ts';

export type { MeterDevice };

export const METER_TEXT = {
  fallback: 'Formularz odczytu licznika chwilowo niedostępny',
  title: 'Podaj stan licznika',
  mono: 'Licznik czarno-biały (mono)',
  color: 'Licznik kolorowy',
  readOn: 'Data odczytu',
  note: 'Uwagi',
  purpose: 'rozliczyć wydruki ponad limit Twojego pakietu i skontaktować się z Tobą w sprawie odczytu',
  submit: 'Wyślij odczyt',
  confirm: 'Tak, liczby są poprawne – wyślij',
  fix: 'Popraw liczby',
  doneTitle: 'Odczyt zapisany',
  done: (serial: string, mono: string, color: string | undefined, day: string) =>
    `Urządzenie ${serial}, ${day}: ${mono} stron mono${color ? `, ${color} stron kolor` : ''}. Dziękujemy!`,
  again: 'Podaj kolejny odczyt',
  device: (d: MeterDevice) => `${d.device}, nr seryjny ${d.serial} (umowa ${d.contract})`,
  last: (d: NonNullable<MeterDevice['last']>) =>
    `Ostatni odczyt z ${dateText(d.readOn)}: ${formatNumber(d.mono)} stron mono${
      d.color !== null ? `, ${formatNumber(d.color)} stron kolor` : ''
    }.`,
  noLinkTitle: 'Odczyt podajesz przez link z e-maila',
  noLink:
    'Przed każdym rozliczeniem wysyłamy na adres e-mail do faktur link do odczytu każdego urządzenia z umowy. Otwórz go, a formularz pokaże Twoje urządzenie. Sam numer seryjny nie wystarczy: tak nikt obcy nie zmieni Twojego rachunku.',
  noLinkHelp: 'Nie masz linku? Napisz do nas, wyślemy go ponownie na adres do faktur.',
  badLink: 'Ten link do odczytu jest nieprawidłowy lub nieaktualny. Otwórz link z ostatniego e-maila z przypomnieniem.',
} as const;

export const METER_PATH = '/api/meter-readings';

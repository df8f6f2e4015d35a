/** What the visitor types into the calculator, and how its text becomes numbers. */
import { C } from './copy.ts';

export type Draft = Record<string, string>;

/** The current contract's fields: key, label, required. */
export const CONTRACT_FIELDS = [
  ['monthlyFee', C.fee, true],
  ['rateMono', C.rateMono, false],
  ['rateColor', C.rateColor, false],
  ['includedMono', C.includedMono, false],
  ['includedColor', C.includedColor, false],
  ['toner', C.toner, false],
  ['service', C.service, false],
  ['paper', C.paper, false],
] as const;

/** '1 234,50' → 1234.5; '' → undefined; anything else → NaN (the schema names the field). */
export const amount = (text: string | undefined): number | undefined => {
  const t = (text ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  return t === '' ? undefined : /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

/** '12 000' → 12000; anything but digits → NaN. */
export const integer = (text: string | undefined): number => {
  const t = (text ?? '').replace(/[\s\u00a0]/g, '');
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
};

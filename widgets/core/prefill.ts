/**
 * Prefill attributes of the forms: a host page that knows its visitor passes
 * `name`, `email`, `phone`, `company`, `nip` (those the form has), and saves them typing.
 * A prefill value fills its field only while the field is empty or still holds the
 * previous prefill value: what the visitor typed always stays.
 */
import { useEffect, useRef } from 'react';
import type { PropKind } from './define.ts';

export interface PrefillProps {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  nip?: string;
}

export type PrefillField = keyof PrefillProps;

/** The prefill props a form with `fields` takes, for its contract's `props`. */
export function prefillProps<F extends PrefillField>(...fields: F[]): { readonly [K in F]: 'string' } {
  return Object.fromEntries(fields.map((f) => [f, 'string' satisfies PropKind])) as { readonly [K in F]: 'string' };
}

/** `values` with the prefill of each of `fields` where the field is empty (or still shows `previous`). */
export function withPrefill<T extends Partial<Record<PrefillField, string>>>(
  values: T,
  prefill: PrefillProps,
  fields: readonly PrefillField[],
  previous: PrefillProps = {},
): T {
  let next = values;
  for (const f of fields) {
    const given = prefill[f]?.trim();
    const current = values[f] ?? '';
    if (given && given !== current && (current === '' || current === previous[f]?.trim()))
      next = { ...next, [f]: given };
  }
  return next;
}

/** Applies prefill attributes that change after the first render (a host that learns who its visitor is). */
export function usePrefill<T extends Partial<Record<PrefillField, string>>>(
  prefill: PrefillProps,
  fields: readonly PrefillField[],
  setValues: (update: (values: T) => T) => void,
): void {
  const previous = useRef<PrefillProps>(prefill);
  const key = fields.map((f) => prefill[f] ?? '').join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the prefill values of `fields`
  useEffect(() => {
    const before = previous.current;
    previous.current = prefill;
    if (fields.every((f) => (before[f] ?? '') === (prefill[f] ?? ''))) return;
    setValues((values) => withPrefill(values, prefill, fields, before));
  }, [key]);
}

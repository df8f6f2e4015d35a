/**
 * Statuses and stages are keys in data (D1, the admin API, webhooks, CRMs) and Polish in
 * labels: each family has one table key → Polish word, and every page, e-mail, panel view and
 * CSV shows a status through it. A second language is then a second table, not a rewrite.
 *
 * For one release an input may still carry the Polish word it took before the keys (the
 * label): `statusKey` accepts it and hands on its key; anything else is refused.
 */
import * as v from 'valibot';

/** The key a status input stands for: a key as it is, a label (the older Polish input) as its key. */
export function keyOfStatus<K extends string>(labels: Readonly<Record<K, string>>, text: string): string {
  if (Object.hasOwn(labels, text)) return text;
  return (Object.keys(labels) as K[]).find((key) => labels[key] === text) ?? text;
}

/** The Polish label of a stored key; a value without one as it is ('' for none). */
export const statusLabel = <K extends string>(
  labels: Readonly<Record<K, string>>,
  key: string | null | undefined,
): string => (key ? (Object.hasOwn(labels, key) ? labels[key as K] : key) : '');

/** A status field of an input: one of `keys`, or (for one release) its Polish label; `message` otherwise. */
export const statusKey = <K extends string>(keys: readonly K[], labels: Readonly<Record<K, string>>, message: string) =>
  v.pipe(
    v.string(message),
    v.transform((text) => keyOfStatus(labels, text)),
    v.picklist(keys, message),
  );

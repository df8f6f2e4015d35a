/**
 * The fingerprint of a submission (DESIGN §7 idempotency), one canonicalisation for every
 * public form: a lead, a quote, a fault report, a counter reading. A replayed `submissionId`
 * gets the stored answer only when this hash matches; otherwise 409.
 */

/** JSON with sorted keys and no `undefined`, so equal content gives equal text whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * SHA-256 (hex) of the form's kind and its validated fields, normalised (trimmed by the
 * schema, keys sorted). Pass what the person filled in, not the submission id, honeypot or
 * attribution: a retry of the same form fill matches, anything else typed under a used id does not.
 * @example await bodyHash('meter', { serial: 'AA1', mono: 1200 }) === await bodyHash('meter', { mono: 1200, serial: 'AA1' })
 */
export async function bodyHash(kind: string, fields: Record<string, unknown>): Promise<string> {
  const bytes = new TextEncoder().encode(canonical({ kind, fields }));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The one fingerprint of a submission (worker/http/body-hash.ts), used by every public form's
// replay check: the same fields in another key order are the same submission; other content is not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyHash } from './body-hash.ts';

const fields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  { minKeys: 1 },
);

const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());

describe('bodyHash', () => {
  it('gives a retry the same hash whatever the order of its fields, and drops undefined ones', async () => {
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const again = { ...reversed(f), absent: undefined };
        expect(await bodyHash('service', again)).toBe(await bodyHash('service', f));
      }),
      { numRuns: 200 },
    );
  });

  it('tells other content, and the same content of another form, apart', async () => {
    const reading = { serial: 'AA1', mono: 1200, color: null };
    expect(await bodyHash('meter', reading)).not.toBe(await bodyHash('meter', { ...reading, mono: 1201 }));
    expect(await bodyHash('meter', reading)).not.toBe(await bodyHash('service', reading));
    expect(await bodyHash('meter', { ...reading, note: { a: 1, b: 2 } })).toBe(
      await bodyHash('meter', { ...reading, note: { b: 2, a: 1 } }),
    );
  });
});

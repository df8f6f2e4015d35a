/**
 * Every refusal in Polish: each valibot schema of the request bodies is fed generated bad
 * input (wrong types, missing and extra keys, nested nonsense) and every issue it reports,
 * at every depth, must be a Polish sentence, never valibot's English default
 * ('Invalid type: Expected string but received 5'). The worker's floor for issues without a
 * message of their own (worker/http/polish-issues.ts) is loaded as the worker loads it.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as account from '../../worker/admin-shared/account-validation.ts';
import * as admin from '../../worker/admin-shared/admin-validation.ts';
import * as estimate from '../../worker/quotes/estimate-schema.ts';
import * as privacy from '../../worker/admin-shared/privacy-validation.ts';
import * as quote from '../../widgets/core/quote-validation.ts';
import * as service from '../../widgets/core/service-validation.ts';
import * as contact from '../../widgets/core/validation.ts';
import * as webhook from '../../worker/admin-shared/webhook-validation.ts';
import '../../worker/http/polish-issues.ts';

type Schema = v.GenericSchema & { entries?: Record<string, v.GenericSchema>; wrapped?: v.GenericSchema };

const modules = { account, admin, estimate, privacy, quote, service, contact, webhook };
const schemas: [string, Schema][] = Object.entries(modules).flatMap(([m, mod]) =>
  Object.entries(mod as Record<string, unknown>)
    .filter(([, x]) => !!x && typeof x === 'object' && (x as { kind?: string }).kind === 'schema')
    .map(([name, x]) => [`${m}.${name}`, x as Schema] as [string, Schema]),
);

const ENGLISH = /\b(Invalid|Expected|expected|received|Received|must be|length)\b/;

/** The keys of an object schema, at any depth, so generated bodies reach the inner fields. */
function shapeOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const inner = (schema.wrapped ?? schema) as Schema;
  const junk = fc.oneof(
    fc.anything({ maxDepth: 2 }),
    fc.constantFrom('', ' ', 'x'.repeat(300), '2026-13-45', -1, 1e12, 0.5, Number.NaN, null, [], {}, true),
  );
  const literal = inner as { type: string; literal?: unknown; options?: unknown[] };
  if (literal.type === 'literal') return fc.oneof(junk, fc.constant(literal.literal));
  if (literal.type === 'picklist') return fc.oneof(junk, fc.constantFrom(...(literal.options ?? [null])));
  const options = (inner as { options?: Schema[] }).options;
  if (options && depth < 3) return fc.oneof(junk, ...options.map((o) => shapeOf(o, depth + 1)));
  if (!inner.entries || depth > 3) return junk;
  const fields = Object.fromEntries(
    Object.entries(inner.entries).map(([k, s]) => [k, fc.oneof(junk, shapeOf(s as Schema, depth + 1))]),
  );
  return fc.oneof(junk, fc.record(fields, { requiredKeys: [] }));
}

const messages = (issues: readonly v.BaseIssue<unknown>[]): string[] =>
  issues.flatMap((i) => [i.message, ...messages((i.issues ?? []) as v.BaseIssue<unknown>[])]);

describe('every refusal in Polish', () => {
  it('finds the schemas of every request body', () => {
    expect(schemas.length).toBeGreaterThan(15);
    expect(schemas.map(([n]) => n)).toEqual(expect.arrayContaining(['estimate.quoteWithEstimateSchema']));
  });

  for (const [name, schema] of schemas) {
    it(`${name}: no English in any issue`, () => {
      fc.assert(
        fc.property(shapeOf(schema), (input) => {
          const r = v.safeParse(schema, input);
          if (r.success) return;
          for (const m of messages(r.issues)) {
            expect({ name, m, english: ENGLISH.test(m) }).toEqual({ name, m, english: false });
            expect(m).toMatch(/[a-ząćęłńóśźż]{3}/i);
          }
        }),
        { numRuns: 300, seed: 28 },
      );
    });
  }
});

// The text and e-mail rules of every public form, as properties over the router's public
// POST routes (their valid bodies: tests/worker/public-bodies.ts). A lone UTF-16 surrogate
// in any text field (JSON can carry "\ud800"; D1 would store it as invalid UTF-8) and an
// address mail cannot be delivered to (`mailto:a@b.pl`, `a@b..pl`) in any e-mail field are
// refused with a 400 naming the field, in Polish, and nothing is stored.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERRORS } from '../../../widgets/core/validation.ts';
import {
  BODIES,
  fieldPaths,
  post,
  publicPosts,
  seedPublicBodies,
  stored,
  valueAt,
  withValue,
} from '../../../tests/worker/public-bodies.ts';

beforeAll(async () => {
  await seedPublicBodies();
});

/** The text fields of a body: every string but the honeypot (filled, it answers the silent success). */
const textFields = (body: Record<string, unknown>): string[][] =>
  fieldPaths(body).filter((p) => typeof valueAt(body, p) === 'string' && p.join('.') !== 'website');

/** `text` with the UTF-16 code unit `unit` put in at `at` (a fraction of its length). */
const insert = (text: string, unit: number, at: number) => {
  const i = Math.floor(at * (text.length + 1));
  return text.slice(0, i) + String.fromCharCode(unit) + text.slice(i);
};

const loneSurrogate = fc.record({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }),
  at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
});

/** Addresses no mail server delivers to, which the old rule (`x@y.z`, none of `,;<>"()`) let through. */
const UNDELIVERABLE = [
  'mailto:a@b.pl',
  'a@b..pl',
  '.jan@firma.pl',
  'jan.@firma.pl',
  'jan..kowalski@firma.pl',
  'jan@-firma.pl',
  'jan@firma-.pl',
  'jan@.firma.pl',
  'jan@firma.pl.',
  'jan@firma.p',
  'jan@fir_ma.pl',
  'jan:kowalski@firma.pl',
  'jan@[127.0.0.1]',
  'jan\\@firma.pl',
  'jan@firma.pl:25',
  `${'a'.repeat(65)}@firma.pl`,
];

/** Ways to break a good address that mail cannot survive, applied to the field's valid value. */
const broken = fc.oneof(
  fc.constantFrom(...UNDELIVERABLE),
  fc
    .record({ scheme: fc.constantFrom('mailto:', 'smtp:', 'sip:'), user: fc.stringMatching(/^[a-z]{1,8}$/) })
    .map(({ scheme, user }) => `${scheme}${user}@firma.pl`),
  fc
    .record({ user: fc.stringMatching(/^[a-z]{1,8}$/), dots: fc.integer({ min: 2, max: 4 }) })
    .map(({ user, dots }) => `${user}@firma${'.'.repeat(dots)}pl`),
);

describe('the text and e-mail rules of the public forms', () => {
  it('covers every public POST route', () => {
    expect(publicPosts()).toEqual(Object.keys(BODIES).sort());
  });

  for (const route of Object.keys(BODIES)) {
    it(`${route}: a lone surrogate in any text field is a 400 naming the field, and nothing is stored`, async () => {
      const make = BODIES[route] as (typeof BODIES)[string];
      const fields = textFields((await make()).body);
      expect(fields.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const field of fields) {
        await fc
          .assert(
            fc.asyncProperty(loneSurrogate, async ({ unit, at }) => {
              const { path, body } = await make();
              const value = insert(String(valueAt(body, field)), unit, at);
              const before = await stored();
              const res = await post(path, JSON.stringify(withValue(body, field, value)));
              const answer = (await res.json()) as { error?: string; field?: string };
              const ok =
                res.status === 400 &&
                typeof answer.error === 'string' &&
                answer.field === field.at(-1) &&
                (await stored()) === before;
              if (!ok)
                failures.push(`${field.join('.')} = ${JSON.stringify(value)}: ${res.status} ${JSON.stringify(answer)}`);
              return ok;
            }),
            { numRuns: 3, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  const emailRoutes = Object.keys(BODIES);
  for (const route of emailRoutes) {
    it(`${route}: an address mail cannot reach is a 400 with the field's message`, async () => {
      const make = BODIES[route] as (typeof BODIES)[string];
      const fields = textFields((await make()).body).filter((p) => /email/i.test(p.at(-1) ?? ''));
      const failures: string[] = [];
      for (const field of fields) {
        await fc
          .assert(
            fc.asyncProperty(broken, async (address) => {
              const { path, body } = await make();
              const before = await stored();
              const res = await post(path, JSON.stringify(withValue(body, field, address)));
              const answer = (await res.json()) as { error?: string; field?: string };
              const ok =
                res.status === 400 &&
                answer.error === FIELD_ERRORS.email &&
                answer.field === field.at(-1) &&
                (await stored()) === before;
              if (!ok) failures.push(`${field.join('.')} = ${address}: ${res.status} ${JSON.stringify(answer)}`);
              return ok;
            }),
            { numRuns: 6, examples: UNDELIVERABLE.map((a) => [a]), endOnFailure: true },
          )
          .catch(() => undefined);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

// Values that break code which turns a received field into text by calling one of its
// methods (`String(x)`, a template literal, `.trim()`): JSON can carry an object whose
// `toString` or `valueOf` is not a function. Every public body, every field, every such
// value: a 4xx with a Polish message, or the honeypot's silent answer, never a 5xx.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../app.ts';
import { honeypotFilled } from './index.ts';
import {
  BODIES,
  fieldPaths,
  post,
  publicPosts,
  seedPublicBodies,
  stored,
  valueAt,
} from '../../../tests/worker/public-bodies.ts';

/** The JSON spellings of the tricks (getters and symbols cannot travel in JSON; see the unit case below). */
const TRICKS: readonly string[] = [
  '{"toString":false}',
  '{"valueOf":false}',
  '{"toString":false,"valueOf":false}',
  '{"toString":{},"valueOf":{}}',
  '{"__proto__":{"toString":false}}',
  '{"constructor":{"prototype":{"toString":false}}}',
  '[{"toString":false}]',
  '{"toJSON":false,"toString":false}',
];

/** The body's JSON with the value at `path` replaced by the raw JSON `trick`. */
function withTrick(body: Record<string, unknown>, path: string[], trick: string): string {
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = '\u0000trick\u0000';
  return JSON.stringify(copy).replace(JSON.stringify('\u0000trick\u0000'), trick);
}

describe('prototype tricks in public bodies', () => {
  it('knows a valid body for every public POST route of the router', () => {
    expect(publicPosts()).toEqual(Object.keys(BODIES).sort());
  });

  it('each valid body is accepted as it is (so the tricks below reach the field under test)', async () => {
    await seedPublicBodies();
    for (const make of Object.values(BODIES)) {
      const { path, body } = await make();
      const res = await post(path, JSON.stringify(body));
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    }
  });

  for (const route of Object.keys(BODIES)) {
    it(`${route}: every field with every trick answers 4xx in Polish, or the honeypot's silent answer`, async () => {
      const make = BODIES[route] as (typeof BODIES)[string];
      const sample = (await make()).body;
      const fields = fieldPaths(sample);
      expect(fields.length).toBeGreaterThan(1);
      const failures: string[] = [];
      for (const field of fields) {
        for (const trick of TRICKS) {
          const { path, body } = await make();
          const before = await stored();
          const res = await post(path, withTrick(body, field, trick));
          const answer = (await res.json()) as { ok?: boolean; error?: string };
          const where = `${field.join('.')} = ${trick}: ${res.status} ${JSON.stringify(answer)}`;
          const honeypot = field.join('.') === 'website';
          // In place of an object (attribution, volume) a trick is an object of unknown keys,
          // which are ignored: any answer but a 5xx.
          const container = typeof valueAt(sample, field) === 'object';
          if (container) {
            if (res.status >= 500 || (res.status >= 300 && typeof answer.error !== 'string')) failures.push(where);
          } else if (honeypot) {
            // Filled: the same success as a real submission, and nothing stored.
            if (res.status >= 300 || answer.ok !== true || (await stored()) !== before) failures.push(where);
          } else if (res.status < 400 || res.status >= 500 || typeof answer.error !== 'string') {
            failures.push(where);
          } else if (/[a-z]{3,} (is|was|must|expected|invalid)\b/i.test(answer.error)) {
            failures.push(`${where} (not Polish)`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});

describe('honeypotFilled', () => {
  it('never calls a method of the value it checks', () => {
    const boom = () => {
      throw new Error('called');
    };
    const tricks: unknown[] = [
      { toString: false },
      { valueOf: false },
      { toString: boom, valueOf: boom },
      { [Symbol.toPrimitive]: boom },
      Object.defineProperty({}, 'toString', { get: boom }),
      Object.create(null),
      Object.create({ toString: boom }),
      new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom, ownKeys: boom }),
      [boom],
      boom,
      Symbol('x'),
      10n,
      0,
      true,
    ];
    for (const value of tricks) expect(honeypotFilled(value)).toBe(true);
  });

  it('is empty for what a browser sends from an untouched field', () => {
    for (const value of [undefined, null, false, '', '   ', '\n\t']) expect(honeypotFilled(value)).toBe(false);
    expect(honeypotFilled(' x ')).toBe(true);
  });
});

describe('the contact route under the first counterexample', () => {
  it('answers {"website":{"toString":false}} with the silent 200 and stores nothing', async () => {
    const before = await stored();
    const res = await app.request(
      '/api/send-contact-email',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"Jan","email":"jan@firma.pl","website":{"toString":false}}',
      },
      env,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect(await stored()).toBe(before);
  });
});

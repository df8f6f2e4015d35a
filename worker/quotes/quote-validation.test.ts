// The quote body's shared schema (widgets/core/quote-validation.ts) as the API applies it:
// the field limits the configurator's inputs take as maxlength are the ones the server keeps.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { QUOTE_ERRORS, QUOTE_LIMITS } from '../../widgets/core/quote-validation.ts';

const post = (contact: Record<string, unknown>) =>
  (exports as unknown as { default: Fetcher }).default.fetch('http://kserowo.test/api/quotes', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl', 'CF-Connecting-IP': '192.0.2.61' },
    body: JSON.stringify({
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 24,
      contact: { name: 'Anna Nowak', email: 'anna@firma.pl', ...contact },
      submissionId: crypto.randomUUID(),
    }),
  });

const quoteCount = async () =>
  (await (env as unknown as Env).DB.prepare('SELECT COUNT(*) AS n FROM quotes').first<{ n: number }>())?.n ?? 0;

describe('POST /api/quotes with the limits of QUOTE_LIMITS', () => {
  it('accepts a NIP in the usual notation and a city at the limit', async () => {
    const res = await post({ nip: 'PL 123-456-32-18', city: 'Ł'.repeat(QUOTE_LIMITS.city) });
    expect(res.status).toBe(201);
  });

  it.each([
    // A valid checksum once the dashes go: only the length refuses it.
    ['a NIP longer than the limit', { nip: '1--2--3--4--5--6--3--2--1--8' }, QUOTE_ERRORS.nip],
    ['a city longer than the limit', { city: 'Ł'.repeat(QUOTE_LIMITS.city + 1) }, QUOTE_ERRORS.city],
    ['a company longer than the limit', { company: 'F'.repeat(QUOTE_LIMITS.company + 1) }, /Firma/],
  ])('refuses %s with 400 and a Polish message, storing nothing', async (_, contact, error) => {
    const before = await quoteCount();
    const res = await post(contact);
    expect(res.status).toBe(400);
    const { error: message } = (await res.json()) as { error: string };
    if (typeof error === 'string') expect(message).toBe(error);
    else expect(message).toMatch(error);
    expect(await quoteCount()).toBe(before);
  });
});

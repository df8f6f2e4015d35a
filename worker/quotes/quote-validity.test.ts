// What a quote says of its validity is the validity it has: the e-mail about it, the quote page
// and the stored expiry all state `terms.quoteValidDays`, not a day more or less.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { terms } from '../../widgets/core/terms.ts';

const db = () => (env as unknown as Env).DB;
const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

const DAY_MS = 86_400_000;
const warsawDay = (iso: string) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(iso))
    .replace(/\//g, '.');

/** Every "N dni" a text states next to a word of validity ('ważna', 'ważność'). */
const statedDays = (text: string): number[] =>
  [...text.matchAll(/ważn\p{L}*[^\n]*?(\d+)\s+dni/giu)].map((m) => Number(m[1]));

describe('a new quote', () => {
  it('states the days it is valid for in its e-mail and on its page, and expires after exactly those days', async () => {
    const res = await request('/api/quotes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.44' },
      body: JSON.stringify({
        deviceId: 'km-c3320i',
        level: 'basic',
        term: 24,
        contact: { name: 'Anna Nowak', email: 'anna@firma.pl' },
        submissionId: crypto.randomUUID(),
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const quote = await db()
      .prepare('SELECT lead_id, created_at, expires_at FROM quotes WHERE id = ?')
      .bind(id)
      .first<{ lead_id: string; created_at: string; expires_at: string }>();
    expect((Date.parse(String(quote?.expires_at)) - Date.parse(String(quote?.created_at))) / DAY_MS).toBe(
      terms.quoteValidDays,
    );

    const { results: mails } = await db()
      .prepare('SELECT body FROM outbox WHERE lead_id = ?')
      .bind(quote?.lead_id)
      .all<{ body: string }>();
    const inMails = mails.flatMap((m) => statedDays(m.body));
    expect(inMails.length).toBeGreaterThan(0);
    expect(new Set(inMails)).toEqual(new Set([terms.quoteValidDays]));

    const page = await (await request(`/wycena/${id}`)).text();
    expect(statedDays(page)).toEqual([terms.quoteValidDays]);
    expect(page).toContain(warsawDay(String(quote?.expires_at)));
  });
});

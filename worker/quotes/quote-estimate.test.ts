/**
 * A quote carrying the estimate ('Nie wiem, ile drukuję') and the comparison with
 * the current contract. The worker recomputes the volume and the comparison from the inputs.
 */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_ERRORS } from '../../widgets/core/estimate.ts';

const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);
const db = () => (env as unknown as Env).DB;

const body = (over: Record<string, unknown> = {}) => ({
  deviceId: 'km-c3320i',
  level: 'business',
  term: 36,
  // What a tampered browser might send: a volume and figures that do not follow from the inputs.
  volume: { mono: 1, color: 1 },
  estimate: {
    source: 'counters',
    first: { date: '2026-01-10', mono: 10_000, color: 2000 },
    second: { date: '2026-02-09', mono: 12_000, color: 2300 },
    mono: 99_999,
    color: 99_999,
  },
  comparison: {
    monthlyFee: 300,
    rateMono: 0.05,
    rateColor: 0.3,
    includedMono: 1000,
    includedColor: 100,
    toner: 20,
    savingsMonthly: 5000,
    result: { monthly: { net: 5000 } },
  },
  savingsMonthly: 5000,
  contact: { name: 'Anna Nowak', email: 'anna@firma.pl' },
  submissionId: crypto.randomUUID(),
  ...over,
});

const post = (b: unknown) =>
  request('/api/quotes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });

describe('a quote with an estimate and a comparison', () => {
  it('stores them with the volume and the saving the server computed from the inputs', async () => {
    const res = await post(body());
    expect(res.status).toBe(201);
    const answer = (await res.json()) as {
      id: string;
      savingsMonthly: number;
      quote: { volume: { mono: number; color: number }; estimatedNet: number };
    };
    // 2000 mono and 300 colour pages in 30 days → ×30.4: 2027 and 304 a month.
    expect(answer.quote.volume).toEqual({ mono: 2027, color: 304 });
    // Business: 235 + 227 × 0.08 = 253.16; now: 300 + 1027 × 0.05 + 204 × 0.30 + 20 = 432.55.
    expect(answer.quote.estimatedNet).toBe(253.16);
    expect(answer.savingsMonthly).toBe(179.39);

    const row = await db()
      .prepare('SELECT estimate, comparison, volume_mono, volume_color FROM quotes WHERE id = ?')
      .bind(answer.id)
      .first<{ estimate: string; comparison: string; volume_mono: number; volume_color: number }>();
    expect(row).toMatchObject({ volume_mono: 2027, volume_color: 304 });
    const estimate = JSON.parse(row?.estimate ?? '{}');
    expect(estimate.inputs).toEqual({
      source: 'counters',
      first: { date: '2026-01-10', mono: 10_000, color: 2000 },
      second: { date: '2026-02-09', mono: 12_000, color: 2300 },
    });
    expect(estimate.result).toMatchObject({ mono: 2027, color: 304, days: 30, source: 'counters' });
    const comparison = JSON.parse(row?.comparison ?? '{}');
    expect(comparison.inputs).not.toHaveProperty('savingsMonthly');
    expect(comparison.inputs).not.toHaveProperty('result');
    expect(comparison.result.current).toEqual({ net: 432.55, gross: 532.04 });
    expect(comparison.result.offer).toMatchObject({ net: 253.16, level: 'business' });
    expect(comparison.result.monthly).toEqual({ net: 179.39, gross: 220.65 });
    expect(comparison.result.overTerm).toEqual([
      { months: 24, difference: { net: 4305.36, gross: 5295.59 } },
      { months: 36, difference: { net: 6458.04, gross: 7943.39 } },
    ]);

    const page = await (await request(`/wycena/${answer.id}`)).text();
    expect(page).toContain('Porównanie z obecną umową');
    expect(page).toContain('179,39 zł netto');
    expect(page).toContain('z dwóch odczytów licznika (30 dni)');
    const mail = await db()
      .prepare('SELECT o.body FROM outbox o JOIN quotes q ON q.lead_id = o.lead_id WHERE q.id = ?')
      .bind(answer.id)
      .first<{ body: string }>();
    expect(mail?.body).toContain('Oszczędność miesięcznie: 179,39 zł netto');
  });

  it('recomputes a profile estimate and says when the current contract is cheaper', async () => {
    const res = await post(
      body({
        estimate: { source: 'profile', people: 4, profile: 'little', colorShare: 10 },
        comparison: { monthlyFee: 100 },
      }),
    );
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { id: string; savingsMonthly: number; quote: { volume: unknown } };
    // 4 × 100 pages, 10 % colour.
    expect(answer.quote.volume).toEqual({ mono: 360, color: 40 });
    expect(answer.savingsMonthly).toBe(-135);
    const page = await (await request(`/wycena/${answer.id}`)).text();
    expect(page).toContain('Różnica miesięcznie');
    expect(page).toContain('135,00 zł netto (166,05 zł brutto) więcej');
  });

  it('refuses a wrong reading with its Polish error and stores nothing', async () => {
    const b = body({
      estimate: {
        source: 'counters',
        first: { date: '2026-01-10', mono: 12_000 },
        second: { date: '2026-02-09', mono: 10_000 },
      },
    });
    const res = await post(b);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ESTIMATE_ERRORS.lower });
    const row = await db()
      .prepare('SELECT COUNT(*) AS n FROM leads WHERE submission_id = ?')
      .bind(b.submissionId)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

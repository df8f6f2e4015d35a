// No lead lost when D1 is away: a contact lead or a quote whose D1 batch fails goes to the
// queue and the visitor gets the same success; when D1 answers again the consumer stores
// every one, once per submissionId, with the id and the time the visitor was answered with
// (a quote: its page address and prices, and its number from then on).
import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { DEAD_LETTER_ATTEMPTS } from './dead-letter.ts';
import { type DeferredLead, handleLeadBatch } from './deferred.ts';

const testEnv = env as unknown as Env;

/** D1 as seen while it is away: every batch fails the way an unavailable or overloaded D1 does. */
const downDb = {
  prepare: (query: string) => testEnv.DB.prepare(query),
  batch: () => Promise.reject(new Error('D1_ERROR: D1 is overloaded. Requests queued for too long.')),
} as unknown as D1Database;

/** A queue that keeps what it is sent, for the test to hand to the consumer. */
function keptQueue() {
  const kept: DeferredLead[] = [];
  return {
    kept,
    queue: {
      send: async (body: DeferredLead) => {
        // Serialised like a queue message: only what survives structured cloning counts.
        kept.push(structuredClone(body));
      },
    } as unknown as Queue,
  };
}

/** Runs the consumer over `jobs` as the queue would; answers which were acked. */
async function consume(jobs: DeferredLead[], db: D1Database, attempts = 1, queue = 'kserowo-leads', e = testEnv) {
  const outcome: ('acked' | 'retried')[] = [];
  const messages = jobs.map((body, i) => ({
    id: String(i),
    timestamp: new Date(),
    body,
    attempts,
    ack: () => {
      outcome[i] = 'acked';
    },
    retry: () => {
      outcome[i] = 'retried';
    },
  }));
  await handleLeadBatch({ queue, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<DeferredLead>, {
    ...e,
    DB: db,
  });
  return outcome;
}

const send = (body: unknown, e: Env, path = '/api/send-contact-email') =>
  app.fetch(
    new Request(`http://kserowo.test${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.90' },
      body: JSON.stringify(body),
    }),
    e,
    createExecutionContext(),
  );

const storedIds = async (ids: string[]) =>
  (
    await testEnv.DB.prepare('SELECT id, created_at FROM leads WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(ids))
      .all<{ id: string; created_at: string }>()
  ).results;

describe('a lead sent while D1 is away', () => {
  it('is answered as usual and stored when D1 is back: answered = stored, once each, retries included', async () => {
    const { kept, queue } = keptQueue();
    // A seeded sequence of D1 up and down: about a third of the leads meet a D1 that fails.
    let seed = 29;
    const down = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 3 === 0;
    };
    const answered: string[] = [];
    const texts = new Set<string>();
    let deferredCount = 0;
    for (let i = 0; i < 30; i++) {
      const isDown = down();
      const body = { name: `Klient ${i}`, email: `klient${i}@firma.pl`, submissionId: crypto.randomUUID() };
      const res = await send(body, { ...testEnv, DB: isDown ? downDb : testEnv.DB, LEAD_QUEUE: queue });
      expect([200, 202]).toContain(res.status);
      const answer = (await res.json()) as { ok: boolean; id: string };
      texts.add(JSON.stringify(Object.keys(answer)));
      expect(answer.ok).toBe(true);
      answered.push(answer.id);
      if (isDown) {
        deferredCount++;
        expect(res.status).toBe(202);
        // A retry of the same form fill while D1 is still away is kept once more, stored once.
        expect((await send(body, { ...testEnv, DB: downDb, LEAD_QUEUE: queue })).status).toBe(202);
      }
    }
    // The visitor's widget sees the same answer either way: {ok, id}.
    expect([...texts]).toEqual(['["ok","id"]']);
    expect(deferredCount).toBeGreaterThan(3);
    expect(kept).toHaveLength(deferredCount * 2);
    expect(await storedIds(answered)).toHaveLength(answered.length - deferredCount);

    // D1 still away when the consumer first runs: nothing is lost, every message is retried.
    expect(await consume(kept, downDb)).toEqual(kept.map(() => 'retried'));
    // D1 is back: every answered lead is stored, once, with the id and time it was answered with.
    expect(await consume(kept, testEnv.DB, 2)).toEqual(kept.map(() => 'acked'));
    const stored = await storedIds(answered);
    expect(stored.map((r) => r.id).sort()).toEqual([...answered].sort());
    // Kept in pairs (the lead, then its retry): the first of each is the one stored.
    const firsts = kept.filter((_, i) => i % 2 === 0);
    for (const job of firsts) expect(stored.find((r) => r.id === job.lead.id)?.created_at).toBe(job.lead.createdAt);
    // Each has its e-mail to the sales team in the outbox, once.
    const mails = await testEnv.DB.prepare(
      'SELECT COUNT(*) AS n FROM outbox WHERE lead_id IN (SELECT value FROM json_each(?))',
    )
      .bind(JSON.stringify(firsts.map((j) => j.lead.id)))
      .first<{ n: number }>();
    expect(mails?.n).toBe(deferredCount);
  });
});

const quoteBody = (i: number) => ({
  deviceId: 'km-c3320i',
  level: 'business',
  term: 36,
  paper: false,
  volume: { mono: 1500 + i, color: 250 },
  contact: { name: `Klientka ${i}`, email: `klientka${i}@firma.pl`, company: 'Firma sp. z o.o.', city: 'Słupsk' },
  submissionId: crypto.randomUUID(),
  attribution: { page: '/konfigurator', origin: 'https://kserowo.pl', referrer: '', utm_source: 'google' },
});

interface QuoteAnswer {
  ok: boolean;
  id: string;
  number: string | null;
  url: string;
  orderUrl: string;
  quote: { monthlyNet: number; monthlyGross: number; estimatedNet: number };
}

describe('a quote sent while D1 is away', () => {
  it('is answered with its page and prices, and stored with a number when D1 is back: answered = stored', async () => {
    const { kept, queue } = keptQueue();
    const answered: { body: ReturnType<typeof quoteBody>; answer: QuoteAnswer; down: boolean }[] = [];
    for (let i = 0; i < 12; i++) {
      const down = i % 3 !== 2;
      const body = quoteBody(i);
      const e = { ...testEnv, DB: down ? downDb : testEnv.DB, LEAD_QUEUE: queue };
      const res = await send(body, e, '/api/quotes');
      expect(res.status).toBe(down ? 202 : 201);
      const answer = (await res.json()) as QuoteAnswer;
      expect(answer).toMatchObject({ ok: true, url: `http://kserowo.test/wycena/${answer.id}` });
      expect(answer.quote.monthlyNet).toBeGreaterThan(0);
      // Numbers run per year in D1: a kept quote has none until it is stored.
      expect(answer.number === null).toBe(down);
      if (down) expect((await send(body, e, '/api/quotes')).status).toBe(202);
      answered.push({ body, answer, down });
    }
    const deferred = answered.filter((a) => a.down);
    expect(kept).toHaveLength(deferred.length * 2);

    expect(await consume(kept, downDb)).toEqual(kept.map(() => 'retried'));
    expect(await consume(kept, testEnv.DB, 2)).toEqual(kept.map(() => 'acked'));

    // Every answered quote is stored once, under the page address the visitor was given.
    const { results } = await testEnv.DB.prepare(
      'SELECT id, number, monthly_net FROM quotes WHERE id IN (SELECT value FROM json_each(?))',
    )
      .bind(JSON.stringify(answered.map((a) => a.answer.id)))
      .all<{ id: string; number: string; monthly_net: number }>();
    expect(results.map((r) => r.id).sort()).toEqual(answered.map((a) => a.answer.id).sort());
    expect(new Set(results.map((r) => r.number)).size).toBe(answered.length);
    for (const { body, answer } of deferred) {
      const row = results.find((r) => r.id === answer.id);
      expect(row?.number).toMatch(/^KS-\d{4}-\d{6}$/);
      expect(row?.monthly_net).toBe(answer.quote.monthlyNet);
      // The page the visitor was sent to shows the stored quote with its number.
      const page = await app.fetch(new Request(answer.url), testEnv, createExecutionContext());
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(row?.number ?? '?');
      // The same form sent again now: the stored quote, its number, the same prices.
      const replay = await send(body, testEnv, '/api/quotes');
      expect(replay.status).toBe(201);
      const again = (await replay.json()) as QuoteAnswer;
      expect(again).toMatchObject({ id: answer.id, number: row?.number, quote: answer.quote });
    }
    // Each has its e-mail to the sales team, with its number, once.
    const mails = await testEnv.DB.prepare(
      `SELECT o.body, q.number FROM outbox o JOIN quotes q ON q.lead_id = o.lead_id
       WHERE q.id IN (SELECT value FROM json_each(?))`,
    )
      .bind(JSON.stringify(deferred.map((a) => a.answer.id)))
      .all<{ body: string; number: string }>();
    expect(mails.results).toHaveLength(deferred.length);
    for (const m of mails.results) expect(m.body).toContain(m.number);
  });
});

describe('a lead D1 refuses for days', () => {
  it('goes from the dead-letter queue back to the queue on its last attempt, never dropped, and is stored then', async () => {
    const first = keptQueue();
    const body = { name: 'Klient wytrwały', email: 'wytrwaly@firma.pl', submissionId: crypto.randomUUID() };
    const res = await send(body, { ...testEnv, DB: downDb, LEAD_QUEUE: first.queue });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const again = keptQueue();
    const e = { ...testEnv, LEAD_QUEUE: again.queue };
    // Before its last attempt the dead-letter queue retries it; on the last it is sent round again.
    expect(await consume(first.kept, downDb, DEAD_LETTER_ATTEMPTS - 1, 'kserowo-leads-dlq', e)).toEqual(['retried']);
    expect(again.kept).toHaveLength(0);
    expect(await consume(first.kept, downDb, DEAD_LETTER_ATTEMPTS, 'kserowo-leads-dlq', e)).toEqual(['acked']);
    expect(again.kept.map((j) => j.lead.submissionId)).toEqual([body.submissionId]);
    // The main queue's consumer stores it once D1 answers.
    expect(await consume(again.kept, testEnv.DB)).toEqual(['acked']);
    expect((await storedIds([id])).map((r) => r.id)).toEqual([id]);
  });
});

/** D1 locked: every call neither answers nor fails (what an attack saw hang requests past 90 s). */
const never = () => new Promise<never>(() => {});
const lockedStatement: Record<string, unknown> = { first: never, all: never, run: never, raw: never };
lockedStatement.bind = () => lockedStatement;
const lockedDb = { prepare: () => lockedStatement, batch: never, exec: never } as unknown as D1Database;

describe('a lead sent while D1 is locked (no answer, no error)', () => {
  it('is answered within the lead path’s deadline and kept on the queue; any other request answers 503 within its own', async () => {
    const { kept, queue } = keptQueue();
    const locked = {
      ...testEnv,
      DB: lockedDb,
      LEAD_QUEUE: queue,
      LEAD_STORE_DEADLINE_MS: '300',
      REQUEST_DEADLINE_MS: '1500',
    } as Env;
    const body = { name: 'Klient', email: 'zablokowana@firma.pl', submissionId: crypto.randomUUID() };
    const res = await send(body, locked);
    // D1 never answers, so only a deadline can: 202 is the lead path's (300 ms here, 8 s by default),
    // before the request's 503 (1,5 s here). No clock is read: on a loaded machine both timers start late.
    expect(res.status).toBe(202);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    expect(kept.map((k) => k.lead.email)).toEqual(['zablokowana@firma.pl']);
    // A request that reads D1 (here the health check) answers 503 in Polish: only its deadline can answer it (1,5 s here, 25 s by default).
    const health = await app.fetch(new Request('http://kserowo.test/api/health'), locked, createExecutionContext());
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: string }).error).toBe('Baza danych jest chwilowo niedostępna.');
  });
});

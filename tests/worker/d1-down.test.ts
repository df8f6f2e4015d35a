// No lead lost when D1 is away: a contact lead whose D1 batch fails goes to the queue and
// the visitor gets the same success; when D1 answers again the consumer stores every one,
// once per submissionId, with the id and the time the visitor was answered with.
import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app.ts';
import { type DeferredLead, handleLeadBatch } from '../../worker/leads/deferred.ts';

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
async function consume(jobs: DeferredLead[], db: D1Database, attempts = 1) {
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
  await handleLeadBatch(
    { queue: 'kserowo-leads', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<DeferredLead>,
    { ...testEnv, DB: db },
  );
  return outcome;
}

const send = (body: unknown, e: Env) =>
  app.fetch(
    new Request('http://kserowo.test/api/send-contact-email', {
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

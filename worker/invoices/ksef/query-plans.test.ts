// Every statement of the KSeF sender uses an index: ksef_invoices and invoices hold every invoice
// ever issued (kept for years), so a statement that reads them whole would slow each run as the
// history grows. Each statement is recorded from the sender's own functions and planned with
// EXPLAIN QUERY PLAN against the migrated schema.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as model from './model.ts';
import * as lease from './model-ksef-lease.ts';
import * as sessions from './model-ksef-sessions.ts';
import { Pacer } from './pacer.ts';

const DB = (env as unknown as Env).DB;

/** A D1 that keeps every statement prepared and answers nothing. */
function recordingDb(into: Set<string>): D1Database {
  const empty = { results: [], success: true, meta: { changes: 0 } };
  const statement = (sql: string): D1PreparedStatement =>
    ({
      bind: () => statement(sql),
      first: async () => null,
      all: async () => empty,
      run: async () => empty,
    }) as unknown as D1PreparedStatement;
  return {
    prepare: (sql: string) => {
      into.add(sql);
      return statement(sql);
    },
    batch: async () => [],
  } as unknown as D1Database;
}

async function statements(): Promise<string[]> {
  const seen = new Set<string>();
  const db = recordingDb(seen);
  const now = Date.now();
  await lease.takeLease(db, 'h', now, 1);
  await lease.renewLease(db, 'h', now, 1);
  await lease.releaseLease(db, 'h');
  await model.requeueOrphans(db, now);
  await model.claimDue(db, { now, limit: 10, handoverMs: 1, sellerNip: '5265877635' });
  await model.dueSellers(db, now);
  model.sentStatement(db, 'a', 's', 'r', false, now);
  model.sentManyStatement(db, ['a'], 's', false, now);
  model.acceptedManyStatement(
    db,
    [{ id: 'a', ksefNumber: 'n', session: 's', code: 200, acquiredAt: null, upo: null }],
    now,
  );
  model.uposStatement(db, [{ id: 'a', upo: 'u' }], now);
  await model.acceptedUnmailed(db, 10);
  model.mailedStatement(db, ['a'], now);
  model.rejectedStatement(db, 'a', 450, 'e', now);
  model.requeueStatement(db, 'a', 'sent', { status: 'queued', nextAttemptAt: now, error: 'e' }, now);
  await model.sentInvoices(db, { now, limit: 10, sellerNip: '5265877635' });
  await model.sellersToPoll(db);
  await model.acceptedWithoutUpo(db, '5265877635', 10);
  await sessions.recordSession(db, { ref: 'r', kind: 'online', nip: 'n', count: 1 }, now);
  await sessions.sessionClosed(db, 'r', now);
  await sessions.openSessions(db, 'n', now);
  await model.overdueOffline(db, '2026-01-01');
  const pacer = await Pacer.load(db, 'n', { now: () => now, sleep: async () => {} });
  await pacer.take('sendInvoice');
  return [...seen];
}

describe('the KSeF sender’s statements', () => {
  it('each reads its tables through an index, never whole', async () => {
    const all = await statements();
    expect(all.length).toBeGreaterThan(15);
    const scans: string[] = [];
    for (const sql of all) {
      if (/^\s*INSERT/i.test(sql) && !/SELECT/i.test(sql)) continue;
      const count = (sql.match(/\?(\d+)?/g) ?? []).reduce(
        (max, p) => Math.max(max, p.length > 1 ? Number(p.slice(1)) : max + 1),
        0,
      );
      const values = Array.from({ length: count }, () => '["x"]');
      const { results } = await DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...values)
        .all<{ detail: string }>();
      for (const { detail } of results)
        if (
          /^SCAN (k|i|o|ksef_invoices|invoices|ksef_requests|ksef_sessions)\b/.test(detail) &&
          !/USING (COVERING )?INDEX/.test(detail)
        )
          scans.push(`${detail} — ${sql.replace(/\s+/g, ' ').slice(0, 140)}`);
      // Accepted invoices are the history: read by status they would be read whole.
      if (
        /k\.status = 'accepted' AND k\.upo IS NULL/.test(sql) &&
        !results.some((r) => /ksef_invoices_missing_upo/.test(r.detail))
      )
        scans.push(`accepted ones without their index — ${sql.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
    expect(scans).toEqual([]);
  });
});

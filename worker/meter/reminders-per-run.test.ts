// The reading reminders of a month with many contracts: each five-minute run reminds at most
// REMINDERS_PER_RUN contracts, so that the run stays within D1's 1 000 queries per invocation
// (the guard of tests/worker/setup.ts counts them), and the next runs remind the rest, once each.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { asInvocation, recentInvocations } from '../../tests/worker/d1-guard.ts';
import { REMINDERS_PER_RUN, sendReadingReminders } from './reminders.ts';

const CONTRACTS = 600;

describe('reading reminders of 600 contracts', () => {
  it('go out 100 a run, each run within 1 000 statements, every contract once', async () => {
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONTRACTS})
         INSERT INTO contracts (id, number, year, seq, company, billing_email, start_date, term_months, catalogue_version, created_by)
         SELECT printf('c-%04d', i), printf('UM-2026-%06d', i), 2026, i, 'Firma ' || i, 'faktury' || i || '@firma.pl',
           '2026-01-01', 36, 0, 'test' FROM n`,
      ),
      env.DB.prepare(
        `INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, contract_id, reading_token)
         SELECT 'SN' || seq, 'km-c3320i', 'business', '2026-01-01', 36, company, id, 'token-' || seq FROM contracts`,
      ),
    ]);
    const at = new Date('2026-11-25T08:00:00Z');
    const runs: number[] = [];
    for (let run = 1; run <= 7; run++) {
      const { sent } = await asInvocation(`reminders, run ${run}`, () =>
        sendReadingReminders({ DB: env.DB, EMAIL_QUEUE: { send: async () => undefined } as unknown as Queue }, at),
      );
      runs.push(sent);
      expect(recentInvocations().at(-1)?.statements).toBeLessThanOrEqual(2 * REMINDERS_PER_RUN + 1);
    }
    expect(runs).toEqual([100, 100, 100, 100, 100, 100, 0]);
    const reminded = await env.DB.prepare(
      "SELECT count(*) AS n, count(DISTINCT contract_id) AS c FROM reading_reminders WHERE period = '2026-11'",
    ).first();
    expect(reminded).toEqual({ n: CONTRACTS, c: CONTRACTS });
  }, 60_000);
});

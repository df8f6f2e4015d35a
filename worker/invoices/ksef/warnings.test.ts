// KSeF's X-System-Warning (docs/ksef.md, "KSeF's errors and warnings"): what KSeF warns about
// with its answers is logged by the sender, kept once per code and message with how often it
// came, and shown to the team by `GET /api/admin/invoices/ksef-warnings`.
import { beforeEach, describe, expect, it } from 'vitest';
import { login, read } from '../../../tests/worker/admin-helpers.ts';
import { freshKsef, issue, resetKsef } from '../../../tests/worker/ksef-helpers.ts';
import type { KsefWarningList } from '../../admin-shared/admin-api.ts';
import { runKsef } from './sender.ts';

beforeEach(resetKsef);

describe('KSeF system warnings', { timeout: 120_000 }, () => {
  it('are kept from the answers of a run and listed for the panel', async () => {
    const ksef = await freshKsef();
    await ksef.switches({ systemWarning: '[ERRFMT]: Domyslny format bledow zmieni sie | [TOKEN]: Tokeny wygasaja' });
    const invoice = await issue();
    const report = await runKsef(ksef.env, { ids: [invoice.id] });
    expect(report.accepted).toBe(1);
    const owner = await login('203.0.113.75', 'Właściciel');
    const res = await read('/api/admin/invoices/ksef-warnings', owner);
    expect(res.status).toBe(200);
    const { warnings } = (await res.json()) as KsefWarningList;
    expect(warnings.map((w) => [w.code, w.message]).sort()).toEqual([
      ['ERRFMT', 'Domyslny format bledow zmieni sie'],
      ['TOKEN', 'Tokeny wygasaja'],
    ]);
    // Every answer of the run carried them: the sign-in, the keys, the session, the invoice, the polls.
    expect(warnings.every((w) => w.seen > 3)).toBe(true);
  });
});

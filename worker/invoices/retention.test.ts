// Invoices and UPOs outlive a person's erasure for the tax law's period: the export lists
// them with the day they are kept until and why, the erasure leaves them as issued, and the
// retention job deletes them (with their KSeF rows) only after 5 years from the end of the
// year they were issued.
import { describe, expect, it } from 'vitest';
import { applyRetention } from '../privacy/retention.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { month } from '../../tests/worker/contracts-helpers.ts';
import { db, signContract } from '../../tests/worker/portal-helpers.ts';
import { INVOICE_KEPT } from '../../widgets/core/privacy.ts';
import { issueMonth } from './issue.ts';

const EMAIL = 'jan.kowalski@jdg.pl';
let owner = '';
const snapshot = async () =>
  (await db().prepare('SELECT i.*, k.upo FROM invoices i JOIN ksef_invoices k ON k.invoice_id = i.id').all()).results;

describe('an erased person’s invoices', { timeout: 120_000 }, () => {
  it('are in their data export, with how long they are kept and why', async () => {
    owner = await login('203.0.113.77', 'Właściciel');
    // A sole trader: the buyer's name is the person's.
    await signContract(
      EMAIL,
      'Jan Kowalski Usługi Biurowe',
      [{ serial: 'RET-1', deviceId: 'km-4052', level: 'basic' }],
      `${month(-1)}-01`,
    );
    expect(await issueMonth(db(), month(-1), { createdBy: 'test' })).toEqual({ issued: 1, skipped: 0 });
    await db()
      .prepare(
        "UPDATE ksef_invoices SET status = 'accepted', ksef_number = '1111111111-20261203-0A0B0C0D0E0F-1A', upo = '<UPO/>'",
      )
      .run();
    const res = await read(`/api/admin/privacy/${encodeURIComponent(EMAIL)}/export`, owner);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { counts: { invoices: number }; invoices: Record<string, unknown>[] };
    const year = Number((await db().prepare('SELECT year FROM invoices').first<{ year: number }>())?.year);
    expect(data.counts.invoices).toBe(1);
    // 4052 Basic: 175,00 zł net, 215,25 zł gross.
    expect(data.invoices).toEqual([
      expect.objectContaining({
        kind: 'VAT',
        period: month(-1),
        buyerName: 'Jan Kowalski Usługi Biurowe',
        gross: 215.25,
        upo: true,
        keptUntil: `${year + 5}-12-31`,
        keptAfterErasure: INVOICE_KEPT,
      }),
    ]);
  });

  it('are neither deleted nor changed by the erasure, which says they stay', async () => {
    const before = await snapshot();
    const res = await write(`/api/admin/privacy/${encodeURIComponent(EMAIL)}`, undefined, {
      cookie: owner,
      method: 'DELETE',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { erased: { invoices: number } }).erased.invoices).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('go with their UPO only after 5 years from the end of the year they were issued', async () => {
    const year = Number((await db().prepare('SELECT year FROM invoices').first<{ year: number }>())?.year);
    const kept = await applyRetention({ DB: db() }, new Date(`${year + 5}-12-31T22:00:00Z`));
    expect(kept.invoices).toBe(0);
    expect((await snapshot()).length).toBe(1);
    const gone = await applyRetention({ DB: db() }, new Date(`${year + 6}-01-01T10:00:00Z`));
    expect(gone.invoices).toBe(1);
    expect(await snapshot()).toEqual([]);
    expect((await db().prepare('SELECT count(*) AS n FROM ksef_invoices').first<{ n: number }>())?.n).toBe(0);
  });
});

// From the owner's button to the customer's e-mail, through the KSeF stand-in: the month's
// invoices issued (each with its 'queued' KSeF row and a message on the KSeF queue), the queue's
// batch sent in one run, the KSeF numbers and UPOs stored, the customer's e-mail written once
// with the link to the copy, and the copy showing the KSeF number.
import { describe, expect, it } from 'vitest';
import { login, request, write } from '../../../tests/worker/admin-helpers.ts';
import { db, month } from '../../../tests/worker/contracts-helpers.ts';
import { testEnv } from '../../../tests/worker/ksef-helpers.ts';
import { notificationsOfAbout } from '../../outbox/model.ts';
import { invoiceAbout } from '../email.ts';
import { warsawToday } from '../../../widgets/core/warsaw-time.ts';
import { crc8, isKsefNumber } from './number.ts';
import { handleKsefBatch, type KsefJob } from './queue.ts';
import { runKsef } from './sender.ts';

/** A queue batch of these ids, driven by hand as Cloudflare's queue drives the consumer. */
function batchOf(ids: string[]) {
  const acked: string[] = [];
  const messages = ids.map((invoiceId) => ({
    id: invoiceId,
    timestamp: new Date(),
    body: { invoiceId },
    attempts: 1,
    ack: () => acked.push(invoiceId),
    retry: () => {},
  }));
  return {
    batch: { queue: 'kserowo-ksef', messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<KsefJob>,
    acked,
  };
}

describe('an issued month reaches KSeF and the customer', { timeout: 120_000 }, () => {
  it('issued by the owner, sent from the queue, numbered, e-mailed once, the copy with its KSeF number', async () => {
    const owner = await login('203.0.113.61', 'Właściciel');
    const signed = async (serial: string, email: string) => {
      const res = await write(
        '/api/admin/contracts',
        {
          company: `Firma ${serial}`,
          nip: '5260250274',
          companyAddress: 'UL. DŁUGA 5, 00-950 WARSZAWA',
          billingEmail: email,
          startDate: `${month(-1)}-01`,
          termMonths: 36,
          devices: [{ serial, deviceId: 'km-4052', level: 'basic' }],
        },
        { cookie: owner },
      );
      expect(res.status, await res.clone().text()).toBe(201);
    };
    await signed('KSEF-E2E-1', 'faktury@alfa.pl');
    await signed('KSEF-E2E-2', 'ksiegowosc@beta.pl');
    const issued = await write('/api/admin/invoices/issue', { period: month(-1) }, { cookie: owner });
    expect(await issued.json()).toEqual({ issued: 2, skipped: 0, more: false });
    const { results: invoices } = await db()
      .prepare(
        `SELECT i.id, i.number, i.seller_nip, c.billing_email, k.status FROM invoices i JOIN contracts c ON c.id = i.contract_id
           JOIN ksef_invoices k ON k.invoice_id = i.id WHERE i.period = ? ORDER BY i.seq`,
      )
      .bind(month(-1))
      .all<{ id: string; number: string; seller_nip: string; billing_email: string; status: string }>();
    expect(invoices.map((i) => i.status)).toEqual(['queued', 'queued']);

    // The queue's batch: one run sends both, in one online session.
    const { batch, acked } = batchOf(invoices.map((i) => i.id));
    await handleKsefBatch(batch, testEnv);
    expect(acked.sort()).toEqual(invoices.map((i) => i.id).sort());
    for (const invoice of invoices) {
      const row = await db()
        .prepare('SELECT status, ksef_number, upo, mailed_at FROM ksef_invoices WHERE invoice_id = ?')
        .bind(invoice.id)
        .first<{ status: string; ksef_number: string; upo: string; mailed_at: string | null }>();
      expect(row?.status).toBe('accepted');
      // NIP-YYYYMMDD-12 hex-CC: the seller's NIP, the day KSeF took it, and the CRC-8 of the 32 before.
      const number = row?.ksef_number ?? '';
      expect(number).toMatch(
        new RegExp(`^${invoice.seller_nip}-${warsawToday().replaceAll('-', '')}-[0-9A-F]{12}-[0-9A-F]{2}$`),
      );
      expect(number.slice(33)).toBe(crc8(number.slice(0, 32)));
      expect(isKsefNumber(number)).toBe(true);
      // The UPO names the invoice by its number and its KSeF number.
      expect(row?.upo).toContain(`<NumerKSeFDokumentu>${number}</NumerKSeFDokumentu>`);
      expect(row?.upo).toContain(`<NumerFaktury>${invoice.number}</NumerFaktury>`);
      expect(row?.mailed_at).not.toBeNull();
      // The customer's e-mail: once, to the billing address, with the KSeF number and the copy's link.
      const mails = await notificationsOfAbout(db(), invoiceAbout(invoice.id));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.recipient).toBe(invoice.billing_email);
      expect(mails[0]?.body).toContain(`Numer KSeF: ${row?.ksef_number}`);
      expect(mails[0]?.body).toContain(`/faktura/${invoice.id}`);
      // The copy shows the KSeF number.
      const copy = await request(`/faktura/${invoice.id}`);
      expect(copy.status).toBe(200);
      expect(await copy.text()).toContain(row?.ksef_number);
    }
    // Another run (the sweep) writes no second e-mail; nor does one after a run that died between
    // the outbox and marking the row mailed (the e-mail is there: the row is only marked).
    await runKsef(testEnv);
    const [first] = invoices;
    await db().prepare('UPDATE ksef_invoices SET mailed_at = NULL WHERE invoice_id = ?').bind(first?.id).run();
    expect((await runKsef(testEnv)).mailed).toBe(1);
    for (const invoice of invoices) expect(await notificationsOfAbout(db(), invoiceAbout(invoice.id))).toHaveLength(1);
    const marked = await db()
      .prepare('SELECT count(*) AS n FROM ksef_invoices WHERE mailed_at IS NOT NULL AND invoice_id IN (?, ?)')
      .bind(first?.id, invoices[1]?.id)
      .first<{ n: number }>();
    expect(marked?.n).toBe(2);
  });
});

// Reads that hand out personal or billing data in bulk leave one audit row per view: the
// first page writes it, the pages after it (and the panel opening it again within the
// half hour) add their pages and rows to it, never a row each. An attack found contracts
// (with every device's reading link), orders, devices, readings, a contract's bill and the
// privacy summary read without a trace, and 'Odczyty' writing an export row every time it
// opened. Reading links go only to the roles that send them (owner, service).
import { beforeAll, describe, expect, it } from 'vitest';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { login, read, testEnv, write } from '../../tests/worker/admin-helpers.ts';
import { month, sign, teamReading } from '../../tests/worker/contracts-helpers.ts';
import type { ContractList } from '../admin-shared/admin-api.ts';

const db = () => testEnv.DB;
let owner = '';
let contractId = '';

beforeAll(async () => {
  owner = await login('203.0.113.181', 'Właścicielka');
  for (const serial of ['AUD-0001', 'AUD-0002', 'AUD-0003'])
    contractId = (await sign(owner, { serial, deviceId: 'km-c3320i', level: 'basic' })).id;
  await teamReading(owner, 'AUD-0001', `${month(-1)}-28`, 1_000, 100);
  await write('/api/send-contact-email', {
    name: 'Klient',
    email: 'klient@firma.pl',
    submissionId: crypto.randomUUID(),
  });
});

/** The audit rows of `action` written by the session of `email`. */
const rowsOf = async (action: string, email: string) =>
  (
    await db()
      .prepare('SELECT path, details FROM audit_log WHERE action = ? AND actor LIKE ? ORDER BY id')
      .bind(action, `%${email}%`)
      .all<{ path: string; details: string }>()
  ).results.map((r) => ({ path: r.path, details: JSON.parse(r.details) as Record<string, unknown> }));

/** Every page of a list, one row at a time, as a script would walk it. */
async function walk(path: string, cookie: string): Promise<number> {
  let after = '';
  let pages = 0;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await read(`${path}${sep}limit=1${after ? `&after=${after}` : ''}`, cookie);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    const body = (await res.json()) as { next: string | null };
    pages += 1;
    if (!body.next) return pages;
    after = body.next;
  }
}

describe('bulk reads in the audit log, once per view', { timeout: 60_000 }, () => {
  it('the lists of contracts, devices, orders, readings, tickets and leads: one row per view, its pages counted in it', async () => {
    const person = await personWithSession('owner', '198.18.70.1');
    const views: [string, string][] = [
      ['/api/admin/contracts', 'contracts.view'],
      ['/api/admin/devices', 'devices.view'],
      ['/api/admin/orders', 'orders.view'],
      ['/api/admin/readings', 'readings.view'],
      ['/api/admin/tickets', 'tickets.view'],
      ['/api/admin/leads', 'leads.view'],
    ];
    for (const [path, action] of views) {
      // The panel opens the view twice, then a script walks it page by page.
      expect((await read(path, person.cookie)).status).toBe(200);
      expect((await read(path, person.cookie)).status).toBe(200);
      const pages = await walk(path, person.cookie);
      const rows = await rowsOf(action, person.email);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]?.path).toBe(path);
      // Two openings and the walk's pages, all in the one row.
      expect(rows[0]?.details.pages, action).toBe(2 + pages);
    }
  });

  it('the billing lists: invoices by payment state, the month’s invoices and the bank lines to assign, one row per view', async () => {
    const person = await personWithSession('owner', '198.18.70.9');
    const views: [string, string][] = [
      ['/api/admin/payments/invoices?state=all', 'payments.view'],
      [`/api/admin/invoices?period=${month(-1)}`, 'invoices.view'],
      ['/api/admin/bank-statements/lines', 'bank-statements.view'],
    ];
    for (const [path, action] of views) {
      expect((await read(path, person.cookie)).status).toBe(200);
      expect((await read(path, person.cookie)).status).toBe(200);
      const pages = await walk(path, person.cookie);
      const rows = await rowsOf(action, person.email);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]?.path).toBe(path);
      expect(rows[0]?.details.pages, action).toBe(2 + pages);
    }
  });

  it("a contract's bill, the month's billing in 'Odczyty' and the privacy summary: once per view; a CSV download every time", async () => {
    const person = await personWithSession('owner', '198.18.70.2');
    for (let i = 0; i < 3; i++) {
      expect((await read(`/api/admin/contracts/${contractId}/bill?period=${month(0)}`, person.cookie)).status).toBe(
        200,
      );
      expect((await read(`/api/admin/readings/billing?period=${month(0)}&format=json`, person.cookie)).status).toBe(
        200,
      );
      expect((await read(`/api/admin/privacy/${encodeURIComponent('klient@firma.pl')}`, person.cookie)).status).toBe(
        200,
      );
    }
    expect(await rowsOf('contracts.bill', person.email)).toHaveLength(1);
    expect(await rowsOf('readings.billing', person.email)).toHaveLength(1);
    // Opening 'Odczyty' is a view, not an export.
    expect(await rowsOf('readings.export', person.email)).toEqual([]);
    const privacy = await rowsOf('privacy.view', person.email);
    expect(privacy).toHaveLength(1);
    expect(privacy[0]?.path).toBe(`/api/admin/privacy/${encodeURIComponent('klient@firma.pl')}`);
    // A download is an export, each one.
    await (await read(`/api/admin/readings/billing?period=${month(0)}`, person.cookie)).text();
    await (await read(`/api/admin/readings/billing?period=${month(0)}`, person.cookie)).text();
    expect(await rowsOf('readings.export', person.email)).toHaveLength(2);
  });
});

describe('reading links', () => {
  it('go to the roles that send them (owner, service), not to sales', async () => {
    const links = async (cookie: string) =>
      ((await (await read('/api/admin/contracts', cookie)).json()) as ContractList).contracts.flatMap((c) =>
        c.devices.map((d) => d.readingLink),
      );
    const sales = await personWithSession('sales', '198.18.70.3');
    const service = await personWithSession('service', '198.18.70.4');
    expect((await links(owner)).every((l) => typeof l === 'string' && l.includes('/licznik?t='))).toBe(true);
    expect((await links(service.cookie)).every((l) => typeof l === 'string')).toBe(true);
    const forSales = await links(sales.cookie);
    expect(forSales.length).toBeGreaterThan(0);
    expect(forSales.every((l) => l === null)).toBe(true);
  });
});

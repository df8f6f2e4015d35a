// An amendment from the 1st of a month that has ended but is not invoiced yet is accepted (it was
// refused as "before the current month"); a month already invoiced is not. After it, the panel's
// contract list and /konto show the amended prices (the rates in force today), not the signed ones.
import { describe, expect, it } from 'vitest';
import type { ContractList } from '../admin-shared/admin-api.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { billJson, db, month, sign } from '../../tests/worker/contracts-helpers.ts';
import { request } from '../../tests/worker/admin-helpers.ts';
import { signIn } from '../../tests/worker/portal-helpers.ts';
import { issueMonth } from '../invoices/issue.ts';

const EMAIL = 'faktury-open@firma.pl';
const amend = (cookie: string, effectiveFrom: string) =>
  write(
    '/api/admin/amendments',
    {
      serial: 'OPEN-C1',
      effectiveFrom,
      monthlyPrice: 170,
      monthlyLimit: 1_500,
      colorLimit: 200,
      overageMono: 0.06,
      overageColor: 0.22,
      reason: 'Rabat od poprzedniego miesiąca',
    },
    { cookie },
  );

describe('an amendment from a month that has ended but is not invoiced', { timeout: 120_000 }, () => {
  it('is accepted from last month, refused from a month invoiced', async () => {
    const owner = await login('203.0.113.71', 'Właściciel');
    // Signed three months ago on a C3320i Basic at the catalogue's 195,00 zł a month.
    const contract = await sign(
      owner,
      { serial: 'OPEN-C1', deviceId: 'km-c3320i', level: 'basic' },
      { startDate: `${month(-3)}-01`, billingEmail: EMAIL },
    );
    // The run of the month before last issued its invoice (and the one before it): both are invoiced.
    expect(await issueMonth(db(), month(-2), { createdBy: 'test' })).toMatchObject({ issued: 2 });

    const invoiced = await amend(owner, `${month(-2)}-01`);
    expect(invoiced.status).toBe(400);
    expect(await invoiced.json()).toMatchObject({
      error: expect.stringContaining(
        `Ostatnia wystawiona faktura jest za ${month(-2).slice(5)}.${month(-2).slice(0, 4)}.`,
      ),
      field: 'effectiveFrom',
    });

    // Last month has ended and has no invoice yet: the amendment from its 1st goes in.
    const open = await amend(owner, `${month(-1)}-01`);
    expect(open.status, await open.clone().text()).toBe(201);
    // Last month's bill at the amended fee: 170,00 zł, no reading: VAT 39,10 zł, gross 209,10 zł.
    const bill = JSON.parse(await billJson(owner, contract.id, month(-1))) as { bill: Record<string, number> };
    expect(bill.bill).toMatchObject({ feeNet: 170, net: 170, vat: 39.1, gross: 209.1 });
  });

  it('shows the amended prices in the panel and on /konto', async () => {
    const owner = await login('203.0.113.72', 'Właściciel');
    const list = (await (await read('/api/admin/contracts', owner)).json()) as ContractList;
    const device = list.contracts.flatMap((c) => c.devices).find((d) => d.serial === 'OPEN-C1');
    expect(device?.rates).toMatchObject({
      effectiveFrom: `${month(-1)}-01`,
      monthlyPrice: 170,
      monthlyLimit: 1_500,
      colorLimit: 200,
      overageMono: 0.06,
      overageColor: 0.22,
    });

    const cookie = await signIn(EMAIL);
    const html = await (await request('/konto', { headers: { cookie } })).text();
    expect(html).toContain(
      '170,00 zł netto miesięcznie, w tym 1500 str. mono i 200 str. kolor; ponad limit 0,06 zł (mono), 0,22 zł (kolor) za stronę',
    );
    expect(html).not.toContain('195,00 zł netto miesięcznie');
  });
});

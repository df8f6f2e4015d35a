// A JST buyer (docs/invoices.md): the contract names the local government as the buyer and the
// unit that receives the invoice; the invoice has the JST as Podmiot2 (JST 1) and the unit as
// Podmiot3 with role 8, as the FA(3) XSD's note on JST asks. The contract refuses one without the other.
import { describe, expect, it } from 'vitest';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { db, month } from '../../tests/worker/contracts-helpers.ts';
import { expectValidFa3 } from '../../tests/worker/invoice-helpers.ts';
import { RENTAL_ERRORS } from '../contracts/rental-validation.ts';

const body = (serial: string, extra: Record<string, unknown>) => ({
  company: 'Gmina Słupsk',
  nip: '8393028257',
  companyAddress: 'ul. Sportowa 34, 76-200 Słupsk',
  billingEmail: 'faktury@redzikowo.edu.pl',
  // Its first month is the run's: one invoice, the month's fee in advance (compose.ts).
  startDate: `${month(-1)}-01`,
  termMonths: 36,
  devices: [{ serial, deviceId: 'km-4052', level: 'basic' }],
  ...extra,
});

describe('a JST buyer and its unit', { timeout: 120_000 }, () => {
  it('is asked for both, and invoiced to the JST with the unit as Podmiot3, role 8', async () => {
    const owner = await login('203.0.113.73', 'Właściciel');
    const without = await write('/api/admin/contracts', body('JST-0', { jst: true }), { cookie: owner });
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ error: RENTAL_ERRORS.unit });
    const badNip = await write(
      '/api/admin/contracts',
      body('JST-0', { jst: true, unit: { name: 'Szkoła', nip: '0123456789' } }),
      { cookie: owner },
    );
    expect(await badNip.json()).toEqual({ error: RENTAL_ERRORS.unitNip });
    const unit = { name: 'Szkoła Podstawowa w Redzikowie', nip: '8392734409', address: 'Redzikowo 55, 76-200 Słupsk' };
    const made = await write('/api/admin/contracts', body('JST-1', { jst: true, unit }), { cookie: owner });
    expect(made.status, await made.clone().text()).toBe(201);
    const { number } = (await made.json()) as { number: string };
    const listed = (await (await read('/api/admin/contracts', owner)).json()) as {
      contracts: { number: string; buyerJst: boolean; buyerUnit: unknown }[];
    };
    expect(listed.contracts.find((c) => c.number === number)).toMatchObject({ buyerJst: true, buyerUnit: unit });

    const issued = await write('/api/admin/invoices/issue', { period: month(-1) }, { cookie: owner });
    expect(await issued.json()).toMatchObject({ issued: 1 });
    const row = await db()
      .prepare('SELECT i.xml FROM invoices i JOIN contracts c ON c.id = i.contract_id WHERE c.number = ?')
      .bind(number)
      .first<{ xml: string }>();
    const xml = row?.xml ?? '';
    expect(xml).toMatch(/<Podmiot2>[\s\S]*<NIP>8393028257<\/NIP>[\s\S]*<JST>1<\/JST>\s*<GV>2<\/GV>\s*<\/Podmiot2>/);
    expect(xml).toMatch(
      /<Podmiot3>\s*<DaneIdentyfikacyjne>\s*<NIP>8392734409<\/NIP>\s*<Nazwa>Szkoła Podstawowa w Redzikowie<\/Nazwa>\s*<\/DaneIdentyfikacyjne>\s*<Adres>\s*<KodKraju>PL<\/KodKraju>\s*<AdresL1>Redzikowo 55, 76-200 Słupsk<\/AdresL1>\s*<\/Adres>\s*<Rola>8<\/Rola>\s*<\/Podmiot3>/,
    );
    await expectValidFa3([xml]);
  });
});

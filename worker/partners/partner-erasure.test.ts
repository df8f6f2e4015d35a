// A person's erasure reaches every partner view: /partner's leads and contracts, the month's
// statement (printable and CSV) no longer name the person's company or city, while the money of
// the statement stays what it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { contractWithInvoice, signInPartner } from '../../tests/worker/partner-helpers.ts';
import { ERASED_NAME } from '../admin-shared/privacy-validation.ts';

const PARTNER = { id: 'kopie-lebork', email: 'biuro@kopie-lebork.pl', domains: 'kopie-lebork.pl' };
// A sole trader: the company's name is the person's own.
const PERSON = { name: 'Jan Nowak', email: 'jan.nowak@uslugi-nowak.pl', company: 'Usługi Biurowe Jan Nowak' };

let owner = '';
beforeAll(async () => {
  owner = await login();
  const added = await write(
    '/api/admin/partners',
    {
      id: PARTNER.id,
      name: 'Kopie Lębork',
      email: PARTNER.email,
      domains: PARTNER.domains,
      commission: { kind: 'share', shareBp: 1000, months: 12 },
    },
    { cookie: owner },
  );
  expect(added.status).toBe(201);
});

describe('a person erased', { timeout: 90_000 }, () => {
  it('leaves no name or city in the partner’s page and statement; the commission stays', async () => {
    const sent = await request('/api/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://kopie-lebork.pl' },
      body: JSON.stringify({
        submissionId: crypto.randomUUID(),
        name: PERSON.name,
        email: PERSON.email,
        attribution: { partner: PARTNER.id },
      }),
    });
    expect(sent.status).toBe(200);
    const lead = ((await sent.json()) as { id: string }).id;
    // Installed 2026-10-01; the November invoice 199,00 zł net, 244,77 zł gross, paid in full:
    // 10 % of 199,00 zł = 19,90 zł commission.
    await contractWithInvoice(lead, 70, '2026-10-01', '2026-11', 24_477, {
      company: PERSON.company,
      email: PERSON.email,
      city: 'Nowa Wieś Lęborska',
    });
    const cookie = await signInPartner(PARTNER.email, '198.51.100.60');
    const views = async () => ({
      page: await (await request('/partner', { headers: { Cookie: cookie } })).text(),
      printable: await (await request('/partner/zestawienie/2026-11', { headers: { Cookie: cookie } })).text(),
      csv: await (await request('/partner/zestawienie/2026-11.csv', { headers: { Cookie: cookie } })).text(),
    });
    const before = await views();
    expect(before.page).toContain(PERSON.company);
    expect(before.page).toContain('Nowa Wieś Lęborska');
    expect(before.printable).toContain(PERSON.company);
    expect(before.csv).toContain(PERSON.company);

    const erased = await write(`/api/admin/privacy/${PERSON.email}`, undefined, { cookie: owner, method: 'DELETE' });
    expect(erased.status).toBe(200);

    const after = await views();
    for (const view of Object.values(after)) {
      expect(view).not.toContain('Nowak');
      expect(view).not.toContain('Nowa Wieś Lęborska');
      expect(view).toContain('UM-2026-900070');
    }
    expect(after.page).toContain(ERASED_NAME);
    // The money stays: 19,90 zł on the contract's line of the CSV, and the team's statement.
    expect(after.csv).toContain('"UM-2026-900070";"Dane usunięte";"FV/970/2026";"199,00";"199,00";"19,90"');
    const statement = (await (await read(`/api/admin/partners/${PARTNER.id}/statements/2026-11`, owner)).json()) as {
      statement: { commissionGr: number };
    };
    expect(statement.statement.commissionGr).toBe(1990);
  });
});

// Partners as data: the owner's register in the panel, attribution at once and only
// from the partner's own pages, the team's confirmation, and a month's commission by hand.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { contractWithInvoice } from '../../tests/worker/partner-helpers.ts';

const db = () => (env as unknown as Env).DB;

/** A contact lead sent from `origin`, as a partner's widget on that page sends it; its id. */
async function leadFrom(partner: string, origin: string, email = `x${crypto.randomUUID().slice(0, 8)}@firma.pl`) {
  const res = await request('/api/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      submissionId: crypto.randomUUID(),
      name: 'Jan Kowalski',
      email,
      attribution: { partner, utm_source: partner },
    }),
  });
  if (res.status !== 200) throw new Error(`contact: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const attributionOf = async (cookie: string, id: string) =>
  ((await (await read(`/api/admin/leads/${id}`, cookie)).json()) as { lead: { attribution: Record<string, string> } })
    .lead.attribution;

const NEW_PARTNER = {
  id: 'biuro-serwis-gdynia',
  name: 'Biuro Serwis Gdynia',
  nip: '526-025-02-74',
  email: 'Partner@Biuro-Serwis.pl',
  domains: 'biuro-serwis.pl, sklep.biuro-serwis.pl',
  commission: { kind: 'share', shareBp: 1000, months: 12 },
  windowDays: 90,
};

let owner = '';
beforeAll(async () => {
  owner = await login();
});

describe('the register in the panel', { timeout: 60_000 }, () => {
  it('attributes a partner the owner added at once, with no redeploy, and lists it in the contract shape', async () => {
    // Not registered yet: the value is kept apart, as before.
    const before = await leadFrom(NEW_PARTNER.id, 'https://biuro-serwis.pl');
    expect(await attributionOf(owner, before)).toMatchObject({ partner_unregistered: NEW_PARTNER.id });

    const added = await write('/api/admin/partners', NEW_PARTNER, { cookie: owner });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ id: NEW_PARTNER.id });

    const after = await leadFrom(NEW_PARTNER.id, 'https://www.biuro-serwis.pl');
    expect(await attributionOf(owner, after)).toMatchObject({ partner: NEW_PARTNER.id });

    const list = (await (await read('/api/admin/partners', owner)).json()) as { partners: unknown[] };
    expect(list.partners).toContainEqual({
      id: NEW_PARTNER.id,
      name: 'Biuro Serwis Gdynia',
      nip: '5260250274',
      domains: ['biuro-serwis.pl', 'sklep.biuro-serwis.pl'],
      commission: { kind: 'share', shareBp: 1000, months: 12 },
      active: true,
    });
    // The company from the White List stand-in, as the order form reads it.
    const detail = (await (await read(`/api/admin/partners/${NEW_PARTNER.id}`, owner)).json()) as {
      partner: { email: string; company: { name: string } | null };
    };
    expect(detail.partner.email).toBe('partner@biuro-serwis.pl');
    expect(detail.partner.company?.name).toBeTruthy();

    // The write is in the audit log with what was added.
    const audit = await db()
      .prepare("SELECT details FROM audit_log WHERE area = 'partners' AND method = 'POST' ORDER BY id DESC LIMIT 1")
      .first<{ details: string }>();
    expect(JSON.parse(String(audit?.details))).toMatchObject({ partner: NEW_PARTNER.id });
  });

  it('refuses a bad field in Polish naming it, a taken id, and the sales team’s writes', async () => {
    const bad = await write('/api/admin/partners', { ...NEW_PARTNER, id: 'Zły Id' }, { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'id', error: expect.stringContaining('Identyfikator') });
    const domains = await write(
      '/api/admin/partners',
      { ...NEW_PARTNER, id: 'inny', domains: 'https://x.pl/a' },
      { cookie: owner },
    );
    expect(await domains.json()).toMatchObject({ field: 'domains' });
    // A valid NIP the White List stand-in does not know.
    const nip = await write(
      '/api/admin/partners',
      { ...NEW_PARTNER, id: 'inny', email: 'inny@inny.pl', nip: '1234563218' },
      { cookie: owner },
    );
    expect(nip.status).toBe(400);
    expect(await nip.json()).toMatchObject({ field: 'nip' });
    const taken = await write('/api/admin/partners', NEW_PARTNER, { cookie: owner });
    expect(taken.status).toBe(409);
    const sales = await personWithSession('sales');
    expect((await read('/api/admin/partners', sales.cookie)).status).toBe(200);
    const refused = await write(
      '/api/admin/partners',
      { ...NEW_PARTNER, id: 'od-sprzedazy' },
      { cookie: sales.cookie },
    );
    expect(refused.status).toBe(403);
    const pause = await write(
      `/api/admin/partners/${NEW_PARTNER.id}`,
      { active: false },
      { cookie: sales.cookie, method: 'PATCH' },
    );
    expect(pause.status).toBe(403);
  });

  it('pauses a partner (audited): its new leads stay unconfirmed', async () => {
    const paused = await write(
      '/api/admin/partners/drukarnia-abc',
      { active: false },
      { cookie: owner, method: 'PATCH' },
    );
    expect(paused.status).toBe(200);
    const lead = await leadFrom('drukarnia-abc', 'https://drukarnia-abc.pl');
    expect(await attributionOf(owner, lead)).toMatchObject({ partner_unconfirmed: 'drukarnia-abc' });
    const audit = await db()
      .prepare("SELECT details FROM audit_log WHERE area = 'partners' AND method = 'PATCH' ORDER BY id DESC LIMIT 1")
      .first<{ details: string }>();
    expect(JSON.parse(String(audit?.details))).toMatchObject({ changed: { active: { from: true, to: false } } });
    await write('/api/admin/partners/drukarnia-abc', { active: true }, { cookie: owner, method: 'PATCH' });
  });
});

describe('the first partner to bring a company keeps it', { timeout: 60_000 }, () => {
  it('gives a second partner’s quote for the same NIP, within the first’s window, to the first', async () => {
    const second = await write(
      '/api/admin/partners',
      {
        id: 'drugi-partner',
        name: 'Drugi Partner',
        domains: 'drugi.example',
        commission: { kind: 'fixed', amountGr: 50_000 },
      },
      { cookie: owner },
    );
    expect(second.status).toBe(201);
    const quote = async (partner: string, origin: string) => {
      const res = await request('/api/quotes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({
          deviceId: 'km-c3320i',
          level: 'basic',
          term: 36,
          contact: { name: 'Anna Nowak', email: `${partner}@firma.pl`, company: 'Firma sp. z o.o.', nip: '8390000011' },
          submissionId: crypto.randomUUID(),
          attribution: { partner },
        }),
      });
      expect(res.status).toBe(201);
      const row = await db()
        .prepare('SELECT l.attribution FROM leads l JOIN quotes q ON q.lead_id = l.id WHERE q.id = ?')
        .bind(((await res.json()) as { id: string }).id)
        .first<{ attribution: string }>();
      return JSON.parse(String(row?.attribution)) as Record<string, string>;
    };
    expect(await quote('drukarnia-abc', 'https://drukarnia-abc.pl')).toMatchObject({ partner: 'drukarnia-abc' });
    // drukarnia-abc's window is 90 days (the harness): the same company through drugi-partner stays drukarnia-abc's.
    expect(await quote('drugi-partner', 'https://drugi.example')).toMatchObject({
      partner: 'drukarnia-abc',
      partner_second: 'drugi-partner',
    });
  });
});

interface StatementAnswer {
  statement: { commissionGr: number; lines: { contractNumber: string; paidNetGr: number; commissionGr: number }[] };
}

describe('commission on what was paid', { timeout: 60_000 }, () => {
  it('earns nothing on a lead from outside the partner’s domains until the team confirms it (audited)', async () => {
    const stolen = await leadFrom('drukarnia-abc', 'https://obca-strona.example');
    const attribution = await attributionOf(owner, stolen);
    expect(attribution.partner_unconfirmed).toBe('drukarnia-abc');
    expect(attribution.partner).toBeUndefined();
    await contractWithInvoice(stolen, 1, '2026-09-01', '2026-09', 24_477);
    const statement = async () =>
      ((await (await read('/api/admin/partners/drukarnia-abc/statements/2026-09', owner)).json()) as StatementAnswer)
        .statement;
    // 199,00 zł net paid in full would earn 19,90 zł at 10 %: nothing while unconfirmed.
    expect((await statement()).commissionGr).toBe(0);

    const confirmed = await write(`/api/admin/leads/${stolen}/partner`, { confirm: true }, { cookie: owner });
    expect(confirmed.status).toBe(200);
    expect(await attributionOf(owner, stolen)).toMatchObject({ partner: 'drukarnia-abc' });
    // Confirmed: 19 900 gr × 10 % = 1 990 gr.
    expect((await statement()).commissionGr).toBe(1990);
    const audit = await db()
      .prepare("SELECT details FROM audit_log WHERE area = 'leads' AND path LIKE '%/partner' ORDER BY id DESC LIMIT 1")
      .first<{ details: string }>();
    expect(JSON.parse(String(audit?.details))).toMatchObject({ action: 'confirm', partner: 'drukarnia-abc' });

    // Moved away with a reason: the partner earns nothing on it again.
    const noReason = await write(`/api/admin/leads/${stolen}/partner`, { partner: null }, { cookie: owner });
    expect(await noReason.json()).toMatchObject({ field: 'reason' });
    const moved = await write(
      `/api/admin/leads/${stolen}/partner`,
      { partner: null, reason: 'Klient przyszedł sam, potwierdzone telefonicznie.' },
      { cookie: owner },
    );
    expect(moved.status).toBe(200);
    expect(await attributionOf(owner, stolen)).toMatchObject({ partner_moved_from: 'drukarnia-abc' });
    expect((await statement()).commissionGr).toBe(0);
  });

  it('works out a month by hand: paid in full, part-paid, unpaid', async () => {
    // Partner drukarnia-abc (the harness's): 10 % (1 000 bp) of the net paid, first 12 months.
    // Three contracts started 2026-10-01, each with a November invoice of 199,00 zł net,
    // 45,77 zł VAT, 244,77 zł gross:
    //  - paid in full (244,77 zł): paid net 199,00 zł → commission 19,90 zł (1 990 gr);
    //  - part-paid 100,00 zł: paid net 199,00 × 100,00 / 244,77 = 81,3008… → 81,30 zł (8 130 gr),
    //    commission 8,13 zł (813 gr);
    //  - unpaid: 0.
    // November's statement: 1 990 + 813 + 0 = 2 803 gr (28,03 zł).
    const payments = [24_477, 10_000, 0];
    for (const [i, paid] of payments.entries()) {
      const lead = await leadFrom('drukarnia-abc', 'https://drukarnia-abc.pl');
      await contractWithInvoice(lead, 10 + i, '2026-10-01', '2026-11', paid);
    }
    const answer = (await (
      await read('/api/admin/partners/drukarnia-abc/statements/2026-11', owner)
    ).json()) as StatementAnswer;
    expect(answer.statement.lines.map((l) => [l.paidNetGr, l.commissionGr])).toEqual([
      [19_900, 1990],
      [8130, 813],
      [0, 0],
    ]);
    expect(answer.statement.commissionGr).toBe(2803);

    // Settled by the owner (audited), once.
    const settled = await write('/api/admin/partners/drukarnia-abc/statements/2026-11/settle', {}, { cookie: owner });
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ commissionGr: 2803 });
    expect(
      (await write('/api/admin/partners/drukarnia-abc/statements/2026-11/settle', {}, { cookie: owner })).status,
    ).toBe(409);
  });
});

// Issuing a month's invoices as the owner does (the button's route) and as the cron does:
// once per contract and month, one number series per year without a gap or a repeat under
// 20 runs at once, each with its KSeF row queued; the register, the XML as issued, the
// accountant's CSV and ZIP, every download audited; corrections. Every figure is worked out
// by hand; every invoice the file makes is checked against the FA(3) XSD.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createContract } from '../contracts/model.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { InvoiceList, ReadingList } from '../admin-shared/admin-api.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { db, lastDay, month, teamReading } from '../../tests/worker/contracts-helpers.ts';
import { expectEveryInvoiceValid, expectValidFa3 } from '../../tests/worker/invoice-helpers.ts';
import { INVOICE_ERRORS } from '../http/errors.ts';
import { issueDueInvoices, issueMonth, nthWorkingDay } from './issue.ts';
import type { InvoiceDocument } from './document.ts';
import { issueStatements, nextSeq } from './model.ts';

const year = Number(warsawToday().slice(0, 4));
let owner = '';
let colour = { id: '', number: '' };
let mono = { id: '', number: '' };

const issue = (period: string, cookie = owner) => write('/api/admin/invoices/issue', { period }, { cookie });
const register = async (period: string, query = '') =>
  (await (await read(`/api/admin/invoices?period=${period}${query}`, owner)).json()) as InvoiceList;
const signed = async (body: Record<string, unknown>) => {
  const res = await write(
    '/api/admin/contracts',
    { billingEmail: 'faktury@alfa.pl', startDate: `${month(-3)}-01`, termMonths: 36, ...body },
    { cookie: owner },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; number: string };
};

describe('the owner issues this month’s invoices', { timeout: 120_000 }, () => {
  it('issues each running contract this month’s fee in advance with last month’s pages', async () => {
    owner = await login('203.0.113.36', 'Właściciel');
    // This month's invoice of a C3320i Basic (195,00 zł; 900 mono / 150 colour; 0,08 / 0,22 zł)
    // read at the end of the month before last (10 000 / 2 000) and of last month (11 300 /
    // 2 450): this month's fee and last month's 1 300 / 450 pages, 400 mono over × 0,08 = 32,00 zł,
    // 300 colour × 0,22 = 66,00 zł; net 293,00 zł, VAT 67,39 zł, gross 360,39 zł. A 4052 Basic
    // (175,00 zł) without readings: net 175,00, VAT 40,25, gross 215,25. Last month had no invoice
    // yet (the contracts were typed in after its run): the run issues it too, numbered first
    // (000001, 000002; the colour one 195,00 zł: the month before last has one reading, no pages).
    colour = await signed({
      company: 'Alfa sp. z o.o.',
      nip: '5260250274',
      companyAddress: 'UL. DŁUGA 5, 00-950 WARSZAWA',
      devices: [{ serial: 'INV-C1', deviceId: 'km-c3320i', level: 'basic' }],
    });
    mono = await signed({
      company: 'Urząd Gminy Beta',
      nip: '1234563218',
      companyAddress: 'PLAC RATUSZOWY 1, 76-200 SŁUPSK',
      jst: true,
      // The JST's unit that receives the invoice (FA(3) Podmiot3, role 8).
      unit: { name: 'Szkoła Podstawowa nr 1 w Becie', nip: '8392734409', address: 'UL. SZKOLNA 1, 76-200 SŁUPSK' },
      devices: [{ serial: 'INV-M1', deviceId: 'km-4052', level: 'basic' }],
    });
    await teamReading(owner, 'INV-C1', lastDay(month(-2)), 10_000, 2_000);
    await teamReading(owner, 'INV-C1', lastDay(month(-1)), 11_300, 2_450);

    const res = await issue(month(0));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ issued: 4, skipped: 0, more: false });

    const { invoices, next } = await register(month(0));
    expect(next).toBeNull();
    expect(invoices).toEqual([
      {
        id: expect.any(String),
        number: `FV/${year}/000003`,
        contract: colour.number,
        period: month(0),
        net: 293,
        vat: 67.39,
        gross: 360.39,
        ksefStatus: 'queued',
        kind: 'VAT',
      },
      {
        id: expect.any(String),
        number: `FV/${year}/000004`,
        contract: mono.number,
        period: month(0),
        net: 175,
        vat: 40.25,
        gross: 215.25,
        ksefStatus: 'queued',
        kind: 'VAT',
      },
    ]);
    expect((await register(month(-1))).invoices.map((i) => [i.number, i.gross])).toEqual([
      [`FV/${year}/000001`, 239.85],
      [`FV/${year}/000002`, 215.25],
    ]);
    expect(await expectEveryInvoiceValid()).toBe(4);
  });

  it('issues nothing twice: a second click skips what is issued', async () => {
    expect(await (await issue(month(0))).json()).toEqual({ issued: 0, skipped: 2, more: false });
    expect((await register(month(0))).invoices).toHaveLength(2);
  });

  it('answers the FA(3) XML as issued, with the buyer as the contract names them', async () => {
    const [first, second] = (await register(month(0))).invoices;
    const res = await read(`/api/admin/invoices/${first?.id}/xml`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    const stored = await db().prepare('SELECT xml FROM invoices WHERE id = ?').bind(first?.id).first<{ xml: string }>();
    expect(xml).toBe(stored?.xml);
    expect(xml).toContain('<P_2>FV/');
    expect(xml).toContain('<AdresL1>UL. DŁUGA 5, 00-950 WARSZAWA</AdresL1>');
    expect(xml).toContain(`<NrUmowy>${colour.number}</NrUmowy>`);
    expect(xml).toContain('<P_15>360.39</P_15>');
    const jst = await (await read(`/api/admin/invoices/${second?.id}/xml`, owner)).text();
    expect(jst).toContain('<JST>1</JST>');
    // The JST (the gmina) is the buyer; its school receives the invoice as Podmiot3, role 8.
    expect(jst).toMatch(
      /<Podmiot3>\s*<DaneIdentyfikacyjne>\s*<NIP>8392734409<\/NIP>[\s\S]*<Rola>8<\/Rola>\s*<\/Podmiot3>/,
    );
    // Its KSeF row is queued for the sender, in the same batch.
    const queued = await db()
      .prepare("SELECT count(*) AS n FROM ksef_invoices WHERE status = 'queued' AND invoice_id IN (?, ?)")
      .bind(first?.id, second?.id)
      .first<{ n: number }>();
    expect(queued?.n).toBe(2);
  });

  it('refuses a month that has not begun, and sales may read but not issue', async () => {
    const now = await issue(month(1));
    expect(now.status).toBe(400);
    expect(await now.json()).toEqual({ error: INVOICE_ERRORS.periodNotBegun, field: 'period' });
    expect((await issue('2026-13')).status).toBe(400);
    const sales = await personWithSession('sales');
    expect((await read(`/api/admin/invoices?period=${month(-1)}`, sales.cookie)).status).toBe(200);
    const refused = await issue(month(-1), sales.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Faktury i korekty wystawia tylko właściciel.' });
  });
});

describe('numbering under 20 issue runs at once', { timeout: 120_000 }, () => {
  it('gives every invoice the next number of the year: no gap, no repeat, once per contract', async () => {
    // 28 more contracts, so the two months before last have 30 to invoice each (the run of a
    // month issues the month before too, for a contract that has none).
    for (let i = 0; i < 28; i++) {
      const made = await createContract(db(), {
        customer: {
          company: `Firma ${i}`,
          nip: null,
          billingEmail: `f${i}@firma.pl`,
          address: `ul. Polna ${i}, 76-200 Słupsk`,
        },
        devices: [{ serial: `PAR-${String(i).padStart(2, '0')}`, deviceId: 'km-4052', level: 'basic' }],
        startDate: `${month(-3)}-01`,
        termMonths: 24,
        catalogue: defaultCatalogue,
        createdBy: 'test',
      });
      expect(typeof made === 'object' && 'id' in made).toBe(true);
    }
    // 20 runs at once, 10 of the month before last and 10 of the month before it: each month's
    // runs race for the same contracts, the two months' runs for the same numbers.
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => issueMonth(db(), month(i % 2 ? -2 : -3), { createdBy: 'test' })),
    );
    expect(runs.reduce((sum, r) => sum + r.issued, 0)).toBe(60);
    const { results } = await db()
      .prepare('SELECT seq, number, contract_id, period FROM invoices WHERE year = ? ORDER BY seq')
      .bind(year)
      .all<{ seq: number; number: string; contract_id: string; period: string }>();
    // 4 of the first run, then 60: seq 1 … 64, each once, each number its seq.
    expect(results.map((r) => r.seq)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(results.map((r) => r.number)).toEqual(results.map((r) => `FV/${year}/${String(r.seq).padStart(6, '0')}`));
    for (const period of [month(-2), month(-3)])
      expect(new Set(results.filter((r) => r.period === period).map((r) => r.contract_id)).size).toBe(30);
    const ksef = await db().prepare('SELECT count(*) AS n FROM ksef_invoices').first<{ n: number }>();
    expect(ksef?.n).toBe(64);
    expect(await expectEveryInvoiceValid(month(-2))).toBe(30);
    expect(await expectEveryInvoiceValid(month(-3))).toBe(30);
  }, 180_000);

  it('the insert itself takes only the next number, and no second invoice of a contract’s month', async () => {
    const row = await db()
      .prepare('SELECT * FROM invoices WHERE period = ? ORDER BY seq LIMIT 1')
      .bind(month(-2))
      .first<{ id: string; contract_id: string; document: string; xml: string; xml_sha256: string; seq: number }>();
    const doc = JSON.parse(row?.document ?? '{}') as InvoiceDocument;
    const next = await nextSeq(db(), year);
    const insert = async (seq: number, period: string) => {
      const [result] = await db().batch(
        issueStatements(db(), {
          id: crypto.randomUUID(),
          seq,
          doc: { ...doc, period, number: `FV/${year}/${String(seq).padStart(6, '0')}` },
          contractId: row?.contract_id ?? '',
          xml: row?.xml ?? '',
          xmlSha256: row?.xml_sha256 ?? '',
          correctsId: null,
          createdBy: 'test',
        }),
      );
      return result?.meta.changes;
    };
    // A number past the next one (a gap) and a number taken (a repeat) go in nowhere.
    expect(await insert(next + 1, '2020-01')).toBe(0);
    expect(await insert(next - 1, '2020-01')).toBe(0);
    // The next number, but for a month the contract has its invoice of: nothing either.
    expect(await insert(next, month(-2))).toBe(0);
    expect(await nextSeq(db(), year)).toBe(next);
  });
});

describe('the cron', { timeout: 120_000 }, () => {
  it('issues the month’s invoices from the configured working day on, once', async () => {
    // The run of next month: its fees of 30 contracts, and this month's of the 28 that have none.
    const period = month(1);
    const day = nthWorkingDay(month(1), 3);
    const before = new Date(`${nthWorkingDay(month(1), 2)}T10:00:00Z`);
    expect(await issueDueInvoices({ DB: db(), INVOICE_WORKING_DAY: '3' }, before)).toEqual({
      period: null,
      issued: 0,
      skipped: 0,
    });
    const on = new Date(`${day}T10:00:00Z`);
    const first = await issueDueInvoices({ DB: db(), INVOICE_WORKING_DAY: '3' }, on);
    expect(first).toEqual({ period, issued: 58, skipped: 0 });
    expect(await issueDueInvoices({ DB: db(), INVOICE_WORKING_DAY: '3' }, on)).toEqual({
      period,
      issued: 0,
      skipped: 0,
    });
    const issued = await db()
      .prepare('SELECT DISTINCT issue_date, created_by FROM invoices WHERE period = ?')
      .bind(period)
      .all<{ issue_date: string; created_by: string }>();
    expect(issued.results).toEqual([{ issue_date: day, created_by: 'system (cron)' }]);
    expect(await expectEveryInvoiceValid(period)).toBe(30);
  }, 120_000);
});

describe('the accountant’s downloads', { timeout: 120_000 }, () => {
  it('the CSV is the invoices figure for figure, with the month’s sums', async () => {
    const res = await read(`/api/admin/invoices/export.csv?period=${month(-1)}`, owner);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"numer";"rodzaj";"data_wystawienia";"termin_platnosci";"okres";"umowa";"nip_nabywcy";"nabywca";"netto";"vat";"brutto";"koryguje";"numer_ksef";"status_ksef"',
    );
    const cells = lines.slice(1).map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
    // Last month's: the colour contract's fee 195,00 zł (VAT 44,85; gross 239,85) and the mono one's 175,00 zł.
    expect(cells.map((c) => [c[0], c[1], c[5], c[6], c[7], c[8], c[9], c[10]])).toEqual([
      [`FV/${year}/000001`, 'VAT', colour.number, '5260250274', 'Alfa sp. z o.o.', '195,00', '44,85', '239,85'],
      [`FV/${year}/000002`, 'VAT', mono.number, '1234563218', 'Urząd Gminy Beta', '175,00', '40,25', '215,25'],
      // 195,00 + 175,00 = 370,00; 44,85 + 40,25 = 85,10; 239,85 + 215,25 = 455,10.
      ['RAZEM', '', '', '', '', '370,00', '85,10', '455,10'],
    ]);
  });

  it('the month’s XML in one ZIP, each file as issued', async () => {
    const res = await read(`/api/admin/invoices/export.zip?period=${month(-1)}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual([`FV_${year}_000001.xml`, `FV_${year}_000002.xml`]);
    const xmls = Object.values(files).map((f) => new TextDecoder().decode(f));
    await expectValidFa3(xmls);
    const stored = await db()
      .prepare('SELECT xml FROM invoices WHERE period = ? ORDER BY number')
      .bind(month(-1))
      .all<{ xml: string }>();
    expect(xmls).toEqual(stored.results.map((r) => r.xml));
  });

  it('puts every download in the audit log, naming the invoice by its number', async () => {
    const audit = (await (await read('/api/admin/audit?area=invoices', owner)).json()) as {
      entries: { action: string; path: string; target: string | null }[];
    };
    const paths = audit.entries.map((e) => `${e.action} ${e.path}`);
    expect(paths).toContain(`invoices.export /api/admin/invoices/export.csv?period=${month(-1)}`);
    expect(paths).toContain(`invoices.export /api/admin/invoices/export.zip?period=${month(-1)}`);
    const xml = audit.entries.filter((e) => e.path.endsWith('/xml'));
    expect(xml.map((e) => e.target)).toEqual([`FV/${year}/000004`, `FV/${year}/000003`]);
    expect(xml.map((e) => e.path).join(' ')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(paths).toContain('invoices.create /api/admin/invoices/issue');
  });
});

describe('a correction after a corrected reading', { timeout: 120_000 }, () => {
  it('waits for the KSeF number of the invoice it corrects', async () => {
    const [first] = (await register(month(0))).invoices;
    const res = await write(
      `/api/admin/invoices/${first?.id}/correction`,
      { reason: 'Błędny odczyt' },
      { cookie: owner },
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: INVOICE_ERRORS.noKsefNumber(`FV/${year}/000003`) });
  });

  it('states the difference, refers to the KSeF number, and leaves the original as issued', async () => {
    const [first] = (await register(month(0))).invoices;
    const original = await db().prepare('SELECT * FROM invoices WHERE id = ?').bind(first?.id).first();
    // KSeF accepted the invoice (the KSeF sender writes this).
    await db()
      .prepare("UPDATE ksef_invoices SET status = 'accepted', ksef_number = ? WHERE invoice_id = ?")
      .bind('1111111111-20261105-0A1B2C3D4E5F-7A', first?.id)
      .run();
    // The customer misread last month's mono counter (billed on this month's invoice): 11 300 →
    // 11 000. Now 1 000 mono pages,
    // 100 over × 0,08 = 8,00 zł (was 32,00): net 195,00 + 8,00 + 66,00 = 269,00 zł, VAT 61,87
    // zł, gross 330,87 zł. The difference: −24,00 net, −5,52 VAT, −29,52 gross.
    const list = (await (await read('/api/admin/readings?serial=INV-C1', owner)).json()) as ReadingList;
    const wrong = list.readings.find((r) => r.readOn === lastDay(month(-1)));
    const fixed = await write(
      `/api/admin/readings/${wrong?.id}/correction`,
      { readOn: wrong?.readOn, mono: 11_000, color: 2_450, reason: 'Klient źle odczytał licznik' },
      { cookie: owner },
    );
    expect(fixed.status, await fixed.clone().text()).toBe(201);

    const last = await db()
      .prepare('SELECT max(seq) AS seq FROM invoices WHERE year = ?')
      .bind(year)
      .first<{ seq: number }>();
    const res = await write(
      `/api/admin/invoices/${first?.id}/correction`,
      { reason: 'Korekta odczytu licznika mono' },
      { cookie: owner },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const kor = (await res.json()) as { id: string; number: string };
    expect(kor).toEqual({
      id: expect.any(String),
      number: `FV/${year}/${String((last?.seq ?? 0) + 1).padStart(6, '0')}`,
    });
    const listed = (await register(month(0))).invoices.find((i) => i.id === kor.id);
    expect(listed).toMatchObject({
      net: -24,
      vat: -5.52,
      gross: -29.52,
      contract: colour.number,
      ksefStatus: 'queued',
    });
    const xml = await (await read(`/api/admin/invoices/${kor.id}/xml`, owner)).text();
    expect(xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(xml).toContain('<PrzyczynaKorekty>Korekta odczytu licznika mono</PrzyczynaKorekty>');
    expect(xml).toContain('<NrKSeFFaKorygowanej>1111111111-20261105-0A1B2C3D4E5F-7A</NrKSeFFaKorygowanej>');
    expect(xml).toContain(`<NrFaKorygowanej>FV/${year}/000003</NrFaKorygowanej>`);
    // A lowering counts when the correction is issued (TypKorekty 2, art. 29a ust. 13 of the VAT Act),
    // orders no payment to our account, and says what happens to the 29,52 zł: sent back if the
    // invoice is paid, else only 360,39 − 29,52 = 330,87 zł is owed.
    expect(xml).toContain('<TypKorekty>2</TypKorekty>');
    expect(xml).not.toContain('<Platnosc>');
    expect(xml).not.toContain('<NrRB>');
    expect(xml).toContain('<Klucz>Rozliczenie korekty</Klucz>');
    expect(xml).toContain('Zmniejszenie o 29,52 zł brutto.');
    expect(xml).toContain('zapłać tylko kwotę po korekcie: 330,87 zł.');
    await expectValidFa3([xml]);
    // The correction's copy: no payment order, what happens to the 29,52 zł instead.
    const korCopy = await (await request(`/faktura/${kor.id}`)).text();
    expect(korCopy).toContain('Zmniejszenie o 29,52 zł brutto.');
    expect(korCopy).not.toContain('Przelewem');
    // The original's copy shows the correction and what is left: 360,39 − 29,52 = 330,87 zł owed, nothing paid yet.
    const originalCopy = await (await request(`/faktura/${first?.id}`)).text();
    expect(originalCopy).toContain(`Faktura korygująca nr ${kor.number}`);
    expect(originalCopy).toContain('brutto -29,52 zł');
    expect(originalCopy).toMatch(
      /Po korektach do zapłaty: <strong>330,87 zł<\/strong>, wpłacono: 0,00 zł, pozostało: <strong>330,87 zł<\/strong>/,
    );
    expect(originalCopy).toContain('Przelewem kwotę 330,87 zł do');
    // The title asks for the KSeF number first, then the invoice's own (art. 108g of the VAT Act, from 2027).
    expect(originalCopy).toContain(
      `w tytule: 1111111111-20261105-0A1B2C3D4E5F-7A FV/${year}/000003 (numer KSeF faktury i jej numer).`,
    );
    expect(await db().prepare('SELECT * FROM invoices WHERE id = ?').bind(first?.id).first()).toEqual(original);
    const audit = (await (await read('/api/admin/audit?area=invoices', owner)).json()) as {
      entries: { action: string; target: string | null; details: Record<string, unknown> }[];
    };
    expect(audit.entries.find((e) => e.action === 'invoices.correction')).toMatchObject({
      target: kor.number,
      details: { corrects: `FV/${year}/000003`, reason: 'Korekta odczytu licznika mono' },
    });
  });

  it('has nothing to correct a second time, and wants a reason', async () => {
    const [first] = (await register(month(0))).invoices;
    const again = await write(
      `/api/admin/invoices/${first?.id}/correction`,
      { reason: 'Jeszcze raz' },
      { cookie: owner },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: INVOICE_ERRORS.nothingToCorrect });
    const blank = await write(`/api/admin/invoices/${first?.id}/correction`, { reason: ' ' }, { cookie: owner });
    expect(await blank.json()).toEqual({ error: INVOICE_ERRORS.reason, field: 'reason' });
    const missing = await write('/api/admin/invoices/nope/correction', { reason: 'x' }, { cookie: owner });
    expect(missing.status).toBe(404);
    // 4 of the first run, 30 of each of the two months before last, 28 of this month and 30 of
    // next by the cron, 1 correction.
    expect(await expectEveryInvoiceValid()).toBe(123);
  });
});

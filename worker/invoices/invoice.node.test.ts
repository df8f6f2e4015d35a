// FA(3) invoices of hand-worked months, made by the pure builder from a contract's bills (its
// month's fee in advance, the month before's pages in arrears: compose.ts), the buyer and the seller. Every figure is worked out by hand in the comment beside
// it; every invoice this file makes is checked against the Ministry's FA(3) XSD at the end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BilledContract, type FrozenRates, billFor } from '../meter/bill.ts';
import type { Reading } from '../../widgets/core/meter.ts';
import {
  type Buyer,
  type InvoiceDocument,
  type Seller,
  correctionOf,
  invoiceOf,
  stateOf,
  totalsOf,
} from './document.ts';
import { invoiceBills } from './compose.ts';
import { amount, fa3Xml, unitPrice } from './fa3.ts';
import { invoiceHash, kodILink } from './kod-i.ts';
import { validateFa3 } from '../../tests/unit/fa3-xsd.ts';

const made: string[] = [];
const xmlOf = (doc: InvoiceDocument): string => {
  const xml = fa3Xml(doc);
  made.push(xml);
  return xml;
};

const SELLER: Seller = {
  nip: '1111111111',
  name: 'Kserowo sp. z o.o.',
  address: 'ul. Przykładowa 1, 76-200 Słupsk',
  email: 'kontakt@kserowo.pl',
  bankAccount: '41101000000000000012345678',
  city: 'Słupsk',
};
const BUYER: Buyer = {
  nip: '5260250274',
  name: 'Biuro Rachunkowe „Alfa” & Syn sp. z o.o.',
  address: 'UL. DŁUGA 5/7, 00-950 WARSZAWA',
  jst: false,
  gv: false,
};

/** 195,00 zł a month, 1 000 mono and 200 colour pages, 0,08 / 0,22 zł a page over. */
const COLOUR: FrozenRates = {
  effectiveFrom: '2026-06-15',
  catalogueVersion: 3,
  deviceId: 'km-c3320i',
  deviceName: 'Konica Minolta bizhub C3320i',
  deviceType: 'color',
  level: 'basic',
  monthlyPrice: 195,
  monthlyLimit: 1000,
  colorLimit: 200,
  overageMono: 0.08,
  overageColor: 0.22,
};
/** 150,00 zł a month, 2 000 pages, 0,05 zł a page over. */
const MONO: FrozenRates = {
  ...COLOUR,
  deviceId: 'km-4052',
  deviceName: 'Konica Minolta bizhub 4052',
  deviceType: 'mono',
  monthlyPrice: 150,
  monthlyLimit: 2000,
  colorLimit: null,
  overageMono: 0.05,
  overageColor: null,
};
const r = (readOn: string, mono: number, color: number | null = null): Reading => ({
  readOn,
  mono,
  color,
  reset: false,
});
const contract = (devices: BilledContract['devices'], over: Partial<BilledContract> = {}): BilledContract => ({
  number: 'UM-2026-000007',
  company: BUYER.name,
  nip: BUYER.nip,
  startDate: '2026-06-15',
  termMonths: 36,
  devices,
  ...over,
});

/** The invoice of a contract's month, as a run makes it (the month before's pages not billed yet). */
function invoice(billed: BilledContract, period: string, number = 'FV/2026/000001', issueDate = '2026-10-05') {
  const bills = invoiceBills(period, (m) => billFor(billed, m), billed, false);
  if (!bills) throw new Error(`no bill for ${period}`);
  return invoiceOf(bills, {
    number,
    issueDate,
    createdAt: `${issueDate}T05:00:00.000Z`,
    contract: { number: billed.number, date: '2026-06-10' },
    seller: SELLER,
    buyer: BUYER,
  });
}

const element = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1] ?? '');

describe('a fee in advance with last month’s overage', () => {
  // October's invoice, issued 5 Oct: October's fee in advance and September's pages in arrears.
  // C3320i read 31 Aug (10 000 / 2 000) and 30 Sep (11 300 / 2 450): 1 300 mono and 450
  // colour pages in September; over 300 and 250. Lines: fee 1 × 195,00 = 195,00 zł (October);
  // 300 str. × 0,08 = 24,00 zł; 250 str. × 0,22 = 55,00 zł (September). Net 274,00 zł, VAT 23 %
  // 63,02 zł, gross 337,02 zł; due 14 days from the issue (delivery) date: 19 Oct.
  const doc = invoice(
    contract([
      { serial: 'A1', rates: [COLOUR], readings: [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)] },
    ]),
    '2026-10',
  );
  const xml = xmlOf(doc);

  it('has a line per fee and per colour over the allowance, pages as quantity and the rate as unit price', () => {
    expect(doc.lines.map((l) => [l.kind, l.unit, l.quantity, l.unitPrice, l.netGr])).toEqual([
      ['fee', 'mies.', 1, 195, 19_500],
      ['mono', 'str.', 300, 0.08, 2_400],
      ['color', 'str.', 250, 0.22, 5_500],
    ]);
    expect(element(xml, 'P_8B')).toEqual(['1', '300', '250']);
    expect(element(xml, 'P_9A')).toEqual(['195.00', '0.08', '0.22']);
    expect(element(xml, 'P_11')).toEqual(['195.00', '24.00', '55.00']);
    expect(element(xml, 'P_12')).toEqual(['23', '23', '23']);
  });

  it('states net, VAT and gross as worked out', () => {
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([27_400, 6_302, 33_702]);
    expect(element(xml, 'P_13_1')).toEqual(['274.00']);
    expect(element(xml, 'P_14_1')).toEqual(['63.02']);
    expect(element(xml, 'P_15')).toEqual(['337.02']);
  });

  it('names the fee as rental of October and the pages as September’s', () => {
    expect(doc.lines.map((l) => [l.name, l.months])).toEqual([
      [
        'Najem urządzenia Konica Minolta bizhub C3320i (nr seryjny A1), pakiet Basic – abonament za 10.2026',
        ['2026-10'],
      ],
      ['Strony mono ponad limit za 09.2026 – Konica Minolta bizhub C3320i (nr seryjny A1)', ['2026-09']],
      ['Strony kolorowe ponad limit za 09.2026 – Konica Minolta bizhub C3320i (nr seryjny A1)', ['2026-09']],
    ]);
    expect(doc.pagesOf).toEqual(['2026-09']);
  });

  it('names the months and the counters each overage line comes from, by its row', () => {
    expect(xml).toContain(
      '<NrWiersza>2</NrWiersza>\n      <Klucz>Liczniki</Klucz>\n      <Wartosc>Licznik mono: 10000 (31.08.2026) → 11300 (30.09.2026)</Wartosc>',
    );
    expect(xml).toContain('<NrWiersza>3</NrWiersza>');
    expect(element(xml, 'Wartosc')).toEqual([
      '09.2026',
      'Licznik mono: 10000 (31.08.2026) → 11300 (30.09.2026)',
      '09.2026',
      'Licznik kolor: 2000 (31.08.2026) → 2450 (30.09.2026)',
    ]);
  });

  it('carries seller, buyer, period, contract, payment and every annotation', () => {
    expect(element(xml, 'NIP')).toEqual(['1111111111', '5260250274']);
    expect(element(xml, 'Nazwa')).toEqual(['Kserowo sp. z o.o.', 'Biuro Rachunkowe „Alfa” &amp; Syn sp. z o.o.']);
    expect(element(xml, 'AdresL1')).toEqual(['ul. Przykładowa 1, 76-200 Słupsk', 'UL. DŁUGA 5/7, 00-950 WARSZAWA']);
    expect([element(xml, 'JST'), element(xml, 'GV')]).toEqual([['2'], ['2']]);
    expect([element(xml, 'P_1'), element(xml, 'P_2')]).toEqual([['2026-10-05'], ['FV/2026/000001']]);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-10-01'], ['2026-10-31']]);
    expect(element(xml, 'RodzajFaktury')).toEqual(['VAT']);
    // Paid by transfer (6) to the company's account within 14 days.
    expect([element(xml, 'Termin'), element(xml, 'FormaPlatnosci'), element(xml, 'NrRB')]).toEqual([
      ['2026-10-19'],
      ['6'],
      ['41101000000000000012345678'],
    ]);
    expect([element(xml, 'DataUmowy'), element(xml, 'NrUmowy')]).toEqual([['2026-06-10'], ['UM-2026-000007']]);
    const annotations = xml.slice(xml.indexOf('<Adnotacje>'), xml.indexOf('</Adnotacje>'));
    expect([...annotations.matchAll(/<(P_[0-9A-Za-z_]+)>/g)].map((m) => m[1])).toEqual([
      'P_16',
      'P_17',
      'P_18',
      'P_18A',
      'P_19N',
      'P_22N',
      'P_23',
      'P_PMarzyN',
    ]);
  });

  it('is UTF-8 text without a byte-order mark, declared as such', () => {
    const bytes = new TextEncoder().encode(xml);
    expect([...bytes.slice(0, 5)]).toEqual([0x3c, 0x3f, 0x78, 0x6d, 0x6c]); // '<?xml', no EF BB BF
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">',
      ),
    ).toBe(true);
  });
});

describe('an invoice after a month without a reading', () => {
  // 4052 read 30 Sep at 10 000, not in October, 30 Nov at 14 500: 4 500 pages over October
  // and November against 2 × 2 000, billed on December's invoice: 500 str. × 0,05 = 25,00 zł;
  // December's fee 150,00 zł; net 175,00 zł, VAT 40,25 zł, gross 215,25 zł. The invoice's period
  // stays December (1–31 Dec: November's invoice had 1–30 Nov, no overlap); the line says
  // its pages are of October and November.
  const doc = invoice(
    contract([{ serial: 'M1', rates: [MONO], readings: [r('2026-09-30', 10_000), r('2026-11-30', 14_500)] }]),
    '2026-12',
    'FV/2026/000002',
    '2026-12-03',
  );
  const xml = xmlOf(doc);

  it('bills the pages over both months’ allowance and says which months', () => {
    expect(doc.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.netGr, l.months])).toEqual([
      ['fee', 1, 150, 15_000, ['2026-12']],
      ['mono', 500, 0.05, 2_500, ['2026-10', '2026-11']],
    ]);
    expect(doc.lines[1]?.name).toBe(
      'Strony mono ponad limit za 10.2026 i 11.2026 – Konica Minolta bizhub 4052 (nr seryjny M1)',
    );
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([17_500, 4_025, 21_525]);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-12-01'], ['2026-12-31']]);
    expect(xml).toContain('<Klucz>Strony za miesiące</Klucz>\n      <Wartosc>10.2026–11.2026</Wartosc>');
  });
});

describe('an invoice of the first month after an amendment from the 1st', () => {
  // Amended from 1 Oct: 170,00 zł, 1 500 / 200 pages, 0,06 / 0,22 zł. Read 30 Sep (10 000 /
  // 2 000), 31 Oct (11 800 / 2 300): October's pages on November's invoice: 300 mono × 0,06 =
  // 18,00 zł, 100 colour × 0,22 = 22,00 zł; November's fee 170,00 zł; net 210,00 zł, VAT
  // 48,30 zł, gross 258,30 zł.
  const amended: FrozenRates = {
    ...COLOUR,
    effectiveFrom: '2026-10-01',
    catalogueVersion: null,
    monthlyPrice: 170,
    monthlyLimit: 1500,
    overageMono: 0.06,
  };
  const doc = invoice(
    contract([
      {
        serial: 'A1',
        rates: [COLOUR, amended],
        readings: [r('2026-09-30', 10_000, 2_000), r('2026-10-31', 11_800, 2_300)],
      },
    ]),
    '2026-11',
    'FV/2026/000003',
    '2026-11-04',
  );
  const xml = xmlOf(doc);

  it('bills the amended fee and rates', () => {
    expect(element(xml, 'P_9A')).toEqual(['170.00', '0.06', '0.22']);
    expect(element(xml, 'P_11')).toEqual(['170.00', '18.00', '22.00']);
    expect([element(xml, 'P_13_1'), element(xml, 'P_14_1'), element(xml, 'P_15')]).toEqual([
      ['210.00'],
      ['48.30'],
      ['258.30'],
    ]);
  });
});

describe('the invoices of a contract ending mid-month', () => {
  // Signed 15 Jun 2026 for 12 months (its last day 14 Jun 2027). June 2026 is billed from the
  // 15th, 16 of 30 days: 150,00 × 16/30 = 80,00 zł; VAT 18,40 zł; gross 98,40 zł. June 2027
  // is billed 1–14, 14 of 30 days: 150,00 × 14/30 = 70,00 zł; VAT 16,10 zł; gross 86,10 zł.
  const billed = contract([{ serial: 'M1', rates: [MONO], readings: [] }], { termMonths: 12 });

  it('concerns the first month from the contract’s start, pro rata by days', () => {
    const doc = invoice(billed, '2026-06', 'FV/2026/000004', '2026-07-03');
    const xml = xmlOf(doc);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-06-15'], ['2026-06-30']]);
    expect([element(xml, 'P_8A'), element(xml, 'P_8B'), element(xml, 'P_9A')]).toEqual([['usł.'], ['1'], ['80.00']]);
    expect(doc.lines[0]?.name).toBe(
      'Najem urządzenia Konica Minolta bizhub 4052 (nr seryjny M1), pakiet Basic – abonament za 15.06.2026–30.06.2026 (16 z 30 dni, proporcjonalnie)',
    );
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([8_000, 1_840, 9_840]);
  });

  it('ends with the days of June 2027 up to its last day', () => {
    const june = invoice(billed, '2027-06', 'FV/2027/000001', '2027-06-15');
    xmlOf(june);
    expect([june.periodFrom, june.periodTo, june.netGr, june.vatGr, june.grossGr]).toEqual([
      '2027-06-01',
      '2027-06-14',
      7_000,
      1_610,
      8_610,
    ]);
    expect(billFor(billed, '2027-07')).toBeUndefined();
  });
});

describe('the contract of 15.06–14.11 billed for 1–14 November with its final pages', () => {
  // 5 months from 15 Jun 2026: the last day is 14 Nov. 300,00 zł a month, 2 143 pages, 0,05 zł a
  // page over. Read 30 Sep 2 000, 31 Oct 4 000, 14 Nov (the end) 5 200. The final invoice, issued
  // 3 Dec after the end: November's fee 1–14 (14 of 30 days) 300,00 × 14/30 = 140,00 zł; October's
  // pages 2 000, within 2 143: nothing; November's pages 1 200 against 2 143 × 14/30 = 1 000,07 →
  // 1 000: 200 over × 0,05 = 10,00 zł. Net 150,00 zł; VAT 34,50 zł; gross 184,50 zł.
  const billed = contract(
    [
      {
        serial: 'M1',
        rates: [{ ...MONO, monthlyPrice: 300, monthlyLimit: 2_143 }],
        readings: [r('2026-09-30', 2_000), r('2026-10-31', 4_000), r('2026-11-14', 5_200)],
      },
    ],
    { termMonths: 5 },
  );
  const doc = invoice(billed, '2026-11', 'FV/2026/000006', '2026-12-03');
  const xml = xmlOf(doc);

  it('bills the fee of its 14 days and the pages to the final reading', () => {
    expect(doc.lines.map((l) => [l.kind, l.unit, l.quantity, l.unitPrice, l.netGr, l.months])).toEqual([
      ['fee', 'usł.', 1, 140, 14_000, ['2026-11']],
      ['mono', 'str.', 200, 0.05, 1_000, ['2026-11']],
    ]);
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([15_000, 3_450, 18_450]);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-11-01'], ['2026-11-14']]);
    expect(doc.pagesOf).toEqual(['2026-10', '2026-11']);
  });
});

describe('the invoice after a first month from the 10th', () => {
  // Signed 10 Jun 2026 (colour package 195,00 zł; 1 000 / 200 pages; 0,08 / 0,22 zł). June's
  // invoice bills 21 of 30 days: 136,50 zł. July's bills July's fee 195,00 zł and June's pages:
  // installed at 500 / 100, read 30 Jun 1 500 / 350: 1 000 / 250 pages against 700 / 140 (21/30
  // of the allowance): 300 × 0,08 = 24,00 zł, 110 × 0,22 = 24,20 zł. Net 243,20 zł; VAT 23 % of
  // 243,20 = 55,936 → 55,94 zł; gross 299,14 zł.
  const billed = contract(
    [{ serial: 'A1', rates: [COLOUR], readings: [r('2026-06-10', 500, 100), r('2026-06-30', 1_500, 350)] }],
    { startDate: '2026-06-10', termMonths: 24 },
  );

  it('bills June’s 21 days, then July’s fee with June’s pages', () => {
    const june = invoice(billed, '2026-06', 'FV/2026/000007', '2026-07-03');
    const july = invoice(billed, '2026-07', 'FV/2026/000008', '2026-07-03');
    xmlOf(july);
    expect([june.periodFrom, june.netGr, june.pagesOf]).toEqual(['2026-06-10', 13_650, []]);
    expect(july.lines.map((l) => [l.kind, l.quantity, l.netGr])).toEqual([
      ['fee', 1, 19_500],
      ['mono', 300, 2_400],
      ['color', 110, 2_420],
    ]);
    expect([july.netGr, july.vatGr, july.grossGr]).toEqual([24_320, 5_594, 29_914]);
  });
});

describe('VAT of an invoice', () => {
  it('is 23 % of the net rounded once, not rounded per line and summed', () => {
    // June of the contract from the 10th, fee and pages on one document: 136,50 + 24,00 +
    // 24,20 = 184,70 zł net. Once: 184,70 × 23 % = 42,481 → 42,48 zł. Per line it would be
    // 31,395 → 31,40 + 5,52 + 5,566 → 5,57 = 42,49 zł.
    const line = (netGr: number) => ({
      kind: 'fee' as const,
      serial: 'A1',
      name: 'x',
      unit: 'mies.' as const,
      quantity: 1,
      unitPrice: netGr / 100,
      netGr,
      months: ['2026-06'],
    });
    expect(totalsOf([line(13_650), line(2_400), line(2_420)])).toEqual({
      netGr: 18_470,
      vatGr: 4_248,
      grossGr: 22_718,
    });
  });
});

describe('a buyer without a NIP, of local government and in a VAT group', () => {
  it('says BrakID and the JST and GV flags', () => {
    const bill = billFor(contract([{ serial: 'M1', rates: [MONO], readings: [] }]), '2026-09');
    if (!bill) throw new Error('no bill');
    const doc = invoiceOf(
      { fee: bill, pages: [] },
      {
        number: 'FV/2026/000005',
        issueDate: '2026-10-05',
        createdAt: '2026-10-05T05:00:00.000Z',
        contract: { number: 'UM-2026-000007', date: '2026-06-10' },
        seller: SELLER,
        buyer: { nip: null, name: 'Szkoła Podstawowa nr 3', address: null, jst: true, gv: true },
      },
    );
    const xml = xmlOf(doc);
    expect(element(xml, 'BrakID')).toEqual(['1']);
    expect([element(xml, 'JST'), element(xml, 'GV')]).toEqual([['1'], ['1']]);
    expect(element(xml, 'AdresL1')).toEqual(['ul. Przykładowa 1, 76-200 Słupsk']);
  });

  const unitInvoice = (jst: boolean, gv: boolean) => {
    const bill = billFor(contract([{ serial: 'M1', rates: [MONO], readings: [] }]), '2026-09');
    if (!bill) throw new Error('no bill');
    return xmlOf(
      invoiceOf(
        { fee: bill, pages: [] },
        {
          number: 'FV/2026/000006',
          issueDate: '2026-10-05',
          createdAt: '2026-10-05T05:00:00.000Z',
          contract: { number: 'UM-2026-000008', date: '2026-06-10' },
          seller: SELLER,
          // The buyer is the JST (or the VAT group) by its NIP; the school (the member) receives the invoice.
          buyer: {
            nip: '8393028257',
            name: jst ? 'Gmina Słupsk' : 'Grupa VAT Alfa',
            address: 'ul. Sportowa 34, 76-200 Słupsk',
            jst,
            gv,
            unit: { name: 'Szkoła Podstawowa w Redzikowie', nip: '8392734409', address: 'Redzikowo 55, 76-200 Słupsk' },
          },
        },
      ),
    );
  };

  it('names the JST as the buyer and its unit as Podmiot3 with role 8', () => {
    const xml = unitInvoice(true, false);
    expect(xml).toMatch(
      /<Podmiot2>\s*<DaneIdentyfikacyjne>\s*<NIP>8393028257<\/NIP>\s*<Nazwa>Gmina Słupsk<\/Nazwa>[\s\S]*<JST>1<\/JST>\s*<GV>2<\/GV>\s*<\/Podmiot2>\s*<Podmiot3>\s*<DaneIdentyfikacyjne>\s*<NIP>8392734409<\/NIP>\s*<Nazwa>Szkoła Podstawowa w Redzikowie<\/Nazwa>/,
    );
    expect(element(xml, 'Rola')).toEqual(['8']);
    expect(element(xml, 'AdresL1').at(-1)).toBe('Redzikowo 55, 76-200 Słupsk');
  });

  it('names a VAT group’s member as Podmiot3 with role 10', () => {
    const xml = unitInvoice(false, true);
    expect([element(xml, 'JST'), element(xml, 'GV'), element(xml, 'Rola')]).toEqual([['2'], ['1'], ['10']]);
  });
});

describe('a correction (KOR) after a corrected reading', () => {
  // The invoice of October billed September's 300 mono over (24,00 zł) from a reading of 11 300; the
  // reading was corrected to 11 100: 100 over × 0,08 = 8,00 zł. Before: 195,00 + 24,00 +
  // 55,00 = 274,00 zł net, 63,02 VAT, 337,02 gross. After: 195,00 + 8,00 + 55,00 = 258,00 zł,
  // 59,34 VAT, 317,34 gross. The correction states the difference: −16,00 net, −3,68 VAT,
  // −19,68 gross.
  const readingsBefore = [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)];
  const readingsAfter = [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_100, 2_450)];
  const original = invoice(contract([{ serial: 'A1', rates: [COLOUR], readings: readingsBefore }]), '2026-10');
  const now = invoice(contract([{ serial: 'A1', rates: [COLOUR], readings: readingsAfter }]), '2026-10');
  const kor = correctionOf(stateOf(original), original, now, {
    number: 'FV/2026/000031',
    issueDate: '2026-10-20',
    createdAt: '2026-10-20T09:00:00.000Z',
    reason: 'Korekta odczytu licznika z 30.09.2026',
    ksefNumber: '1111111111-20261005-0A1B2C3D4E5F-7A',
  });
  const xml = kor ? xmlOf(kor) : '';

  it('lists the lines before (StanPrzed) and after, and the difference as totals', () => {
    expect(kor?.kind).toBe('KOR');
    expect(element(xml, 'P_11')).toEqual(['195.00', '24.00', '55.00', '195.00', '8.00', '55.00']);
    expect(element(xml, 'StanPrzed')).toEqual(['1', '1', '1']);
    expect([element(xml, 'P_13_1'), element(xml, 'P_14_1'), element(xml, 'P_15')]).toEqual([
      ['-16.00'],
      ['-3.68'],
      ['-19.68'],
    ]);
  });

  it('refers to the corrected invoice by number, date and KSeF number, with the reason', () => {
    expect(element(xml, 'RodzajFaktury')).toEqual(['KOR']);
    expect(element(xml, 'PrzyczynaKorekty')).toEqual(['Korekta odczytu licznika z 30.09.2026']);
    expect(element(xml, 'DataWystFaKorygowanej')).toEqual(['2026-10-05']);
    expect(element(xml, 'NrFaKorygowanej')).toEqual(['FV/2026/000001']);
    expect(element(xml, 'NrKSeFFaKorygowanej')).toEqual(['1111111111-20261005-0A1B2C3D4E5F-7A']);
  });

  it('says TypKorekty: a lowering counts at the correction (2), with no payment order but what happens to 19,68 zł', () => {
    expect(element(xml, 'TypKorekty')).toEqual(['2']);
    expect(xml).not.toContain('<Platnosc>');
    // 337,02 − 19,68 = 317,34 zł is what is owed after the correction.
    expect(element(xml, 'Wartosc').at(-1)).toBe(
      'Zmniejszenie o 19,68 zł brutto. Jeśli faktura FV/2026/000001 jest zapłacona, zwrócimy 19,68 zł na rachunek, z którego przyszła zapłata, w ciągu 14 dni od daty korekty; jeśli nie, zapłać tylko kwotę po korekcie: 317,34 zł.',
    );
  });

  it('a raise corrects an error the invoice had: TypKorekty 1, and a payment order for the 19,68 zł more', () => {
    // The other way round: 100 over (8,00 zł) corrected to 300 over (24,00 zł): +16,00 net, +3,68 VAT, +19,68 gross.
    const up = correctionOf(stateOf(now), now, original, {
      number: 'FV/2026/000033',
      issueDate: '2026-10-20',
      createdAt: '2026-10-20T09:00:00.000Z',
      reason: 'Korekta odczytu licznika z 30.09.2026',
      ksefNumber: '1111111111-20261005-0A1B2C3D4E5F-7A',
    });
    const x = up ? xmlOf(up) : '';
    expect(element(x, 'TypKorekty')).toEqual(['1']);
    expect(element(x, 'P_15')).toEqual(['19.68']);
    expect(element(x, 'Termin')).toEqual(['2026-11-03']);
    expect(element(x, 'NrRB')).toEqual(['41101000000000000012345678']);
  });

  it('is not made when nothing changed', () => {
    expect(
      correctionOf(stateOf(original), original, original, {
        number: 'x',
        issueDate: '2026-10-20',
        createdAt: '2026-10-20T09:00:00.000Z',
        reason: 'x',
        ksefNumber: '1111111111-20261005-0A1B2C3D4E5F-7A',
      }),
    ).toBeUndefined();
  });

  it('names the buyer as invoiced when the buyer’s data changed (Podmiot2K)', () => {
    const moved = { ...now, buyer: { ...BUYER, address: 'UL. NOWA 1, 00-001 WARSZAWA' } };
    const k = correctionOf(stateOf(original), original, moved, {
      number: 'FV/2026/000032',
      issueDate: '2026-10-20',
      createdAt: '2026-10-20T09:00:00.000Z',
      reason: 'Zmiana adresu nabywcy',
      ksefNumber: '1111111111-20261005-0A1B2C3D4E5F-7A',
    });
    const x = k ? xmlOf(k) : '';
    expect(element(x, 'AdresL1')).toEqual([
      'ul. Przykładowa 1, 76-200 Słupsk',
      'UL. NOWA 1, 00-001 WARSZAWA',
      'UL. DŁUGA 5/7, 00-950 WARSZAWA',
    ]);
  });
});

describe('amounts as FA(3) writes them', () => {
  it('writes grosze with two decimals and rates without binary noise', () => {
    expect([amount(27_400), amount(-1_968), amount(5), amount(0)]).toEqual(['274.00', '-19.68', '0.05', '0.00']);
    expect([unitPrice(0.08), unitPrice(195), unitPrice(0.035), unitPrice(0.1 + 0.2)]).toEqual([
      '0.08',
      '195.00',
      '0.035',
      '0.30',
    ]);
  });
});

describe('KOD I', () => {
  it('is the link of kody-qr.md’s example', () => {
    // kody-qr.md: issued 01-02-2026, seller NIP 1111111111, SHA-256 UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE.
    expect(
      kodILink(
        'https://qr-test.ksef.mf.gov.pl',
        '1111111111',
        '2026-02-01',
        'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      ),
    ).toBe('https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE');
  });

  it('hashes the XML’s UTF-8 bytes, base64url without padding', async () => {
    // SHA-256 of 'abc' is ba7816bf…15ad; base64url: ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0.
    expect(await invoiceHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(await invoiceHash('ł')).toBe(await invoiceHash(new TextDecoder().decode(new Uint8Array([0xc5, 0x82]))));
  });
});

describe('the FA(3) schema check', { timeout: 60_000 }, () => {
  it('accepts the Ministry’s example and refuses a broken amount', async () => {
    const example = readFileSync(new URL('./ksef/spec/examples/FA3-invoice.xml', import.meta.url), 'utf8');
    expect((await validateFa3([example])).valid).toBe(true);
    const broken = await validateFa3([example.replace('<P_15>33569.50</P_15>', '<P_15>33 569,50</P_15>')]);
    expect(broken.valid).toBe(false);
    expect(broken.errors.join('\n')).toContain('P_15');
  });
});

describe('every invoice made above', { timeout: 60_000 }, () => {
  it('is valid against the FA(3) XSD (a failure names the document and line)', async () => {
    expect(made.length).toBe(13);
    expect((await validateFa3(made)).errors).toEqual([]);
  });
});

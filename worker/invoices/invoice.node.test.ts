// FA(3) invoices of hand-worked months, made by the pure builder from a month's bill, the
// contract's buyer and the seller. Every figure is worked out by hand in the comment beside
// it; every invoice this file makes is checked against the Ministry's FA(3) XSD at the end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BilledContract, type FrozenRates, billFor } from '../meter/bill.ts';
import type { Reading } from '../../widgets/core/meter.ts';
import { type Buyer, type InvoiceDocument, type Seller, correctionOf, invoiceOf, stateOf } from './document.ts';
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

function invoice(billed: BilledContract, period: string, number = 'FV/2026/000001', issueDate = '2026-10-05') {
  const bill = billFor(billed, period);
  if (!bill) throw new Error(`no bill for ${period}`);
  return invoiceOf(bill, {
    number,
    issueDate,
    createdAt: `${issueDate}T05:00:00.000Z`,
    contract: { number: billed.number, date: '2026-06-10', startDate: billed.startDate },
    seller: SELLER,
    buyer: BUYER,
  });
}

const element = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1] ?? '');

describe('an invoice of a month with fee and overage in both colours', () => {
  // C3320i read 31 Aug (10 000 / 2 000) and 30 Sep (11 300 / 2 450): 1 300 mono and 450
  // colour pages; over 300 and 250. Lines: fee 1 × 195,00 = 195,00 zł; 300 str. × 0,08 =
  // 24,00 zł; 250 str. × 0,22 = 55,00 zł. Net 274,00 zł, VAT 23 % 63,02 zł, gross 337,02 zł.
  const doc = invoice(
    contract([
      { serial: 'A1', rates: [COLOUR], readings: [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)] },
    ]),
    '2026-09',
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

  it('names the counters each overage line comes from, by its row', () => {
    expect(xml).toContain(
      '<NrWiersza>2</NrWiersza>\n      <Klucz>Liczniki</Klucz>\n      <Wartosc>Licznik mono: 10000 (31.08.2026) → 11300 (30.09.2026)</Wartosc>',
    );
    expect(xml).toContain('<NrWiersza>3</NrWiersza>');
    expect(element(xml, 'Wartosc')).toEqual([
      'Licznik mono: 10000 (31.08.2026) → 11300 (30.09.2026)',
      'Licznik kolor: 2000 (31.08.2026) → 2450 (30.09.2026)',
    ]);
  });

  it('carries seller, buyer, period, contract, payment and every annotation', () => {
    expect(element(xml, 'NIP')).toEqual(['1111111111', '5260250274']);
    expect(element(xml, 'Nazwa')).toEqual(['Kserowo sp. z o.o.', 'Biuro Rachunkowe „Alfa” &amp; Syn sp. z o.o.']);
    expect(element(xml, 'AdresL1')).toEqual(['ul. Przykładowa 1, 76-200 Słupsk', 'UL. DŁUGA 5/7, 00-950 WARSZAWA']);
    expect([element(xml, 'JST'), element(xml, 'GV')]).toEqual([['2'], ['2']]);
    expect([element(xml, 'P_1'), element(xml, 'P_2')]).toEqual([['2026-10-05'], ['FV/2026/000001']]);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-09-01'], ['2026-09-30']]);
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
  // and November against 2 × 2 000: 500 str. × 0,05 = 25,00 zł; fee 150,00 zł; net 175,00 zł,
  // VAT 40,25 zł, gross 215,25 zł; the invoice concerns 1 Oct – 30 Nov.
  const doc = invoice(
    contract([{ serial: 'M1', rates: [MONO], readings: [r('2026-09-30', 10_000), r('2026-11-30', 14_500)] }]),
    '2026-11',
    'FV/2026/000002',
    '2026-12-03',
  );
  const xml = xmlOf(doc);

  it('bills the pages over both months’ allowance and says which months', () => {
    expect(doc.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.netGr, l.months])).toEqual([
      ['fee', 1, 150, 15_000, ['2026-11']],
      ['mono', 500, 0.05, 2_500, ['2026-10', '2026-11']],
    ]);
    expect(doc.lines[1]?.name).toBe(
      'Strony mono ponad limit – Konica Minolta bizhub 4052 (nr seryjny M1), strony z 10.2026 i 11.2026',
    );
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([17_500, 4_025, 21_525]);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-10-01'], ['2026-11-30']]);
  });
});

describe('an invoice of the first month after an amendment from the 1st', () => {
  // Amended from 1 Oct: 170,00 zł, 1 500 / 200 pages, 0,06 / 0,22 zł. Read 30 Sep (10 000 /
  // 2 000), 31 Oct (11 800 / 2 300): 300 mono × 0,06 = 18,00 zł, 100 colour × 0,22 = 22,00 zł;
  // net 210,00 zł, VAT 48,30 zł, gross 258,30 zł.
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
    '2026-10',
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
  // Signed 15 Jun 2026 for 12 months (its last day 14 Jun 2027): June 2026 is billed from the
  // 15th, a whole fee (150,00 zł; VAT 34,50 zł; gross 184,50 zł); May 2027 is the last month
  // invoiced; June 2027 gets no invoice.
  const billed = contract([{ serial: 'M1', rates: [MONO], readings: [] }], { termMonths: 12 });

  it('concerns the first month from the contract’s start', () => {
    const doc = invoice(billed, '2026-06', 'FV/2026/000004', '2026-07-03');
    const xml = xmlOf(doc);
    expect([element(xml, 'P_6_Od'), element(xml, 'P_6_Do')]).toEqual([['2026-06-15'], ['2026-06-30']]);
    expect([doc.netGr, doc.vatGr, doc.grossGr]).toEqual([15_000, 3_450, 18_450]);
  });

  it('ends with May 2027', () => {
    const may = invoice(billed, '2027-05', 'FV/2027/000001', '2027-06-03');
    xmlOf(may);
    expect([may.periodFrom, may.periodTo, may.grossGr]).toEqual(['2027-05-01', '2027-05-31', 18_450]);
    expect(billFor(billed, '2027-06')).toBeUndefined();
  });
});

describe('a buyer without a NIP, of local government and in a VAT group', () => {
  it('says BrakID and the JST and GV flags', () => {
    const bill = billFor(contract([{ serial: 'M1', rates: [MONO], readings: [] }]), '2026-09');
    if (!bill) throw new Error('no bill');
    const doc = invoiceOf(bill, {
      number: 'FV/2026/000005',
      issueDate: '2026-10-05',
      createdAt: '2026-10-05T05:00:00.000Z',
      contract: { number: 'UM-2026-000007', date: '2026-06-10', startDate: '2026-06-15' },
      seller: SELLER,
      buyer: { nip: null, name: 'Szkoła Podstawowa nr 3', address: null, jst: true, gv: true },
    });
    const xml = xmlOf(doc);
    expect(element(xml, 'BrakID')).toEqual(['1']);
    expect([element(xml, 'JST'), element(xml, 'GV')]).toEqual([['1'], ['1']]);
    expect(element(xml, 'AdresL1')).toEqual(['ul. Przykładowa 1, 76-200 Słupsk']);
  });

  const unitInvoice = (jst: boolean, gv: boolean) => {
    const bill = billFor(contract([{ serial: 'M1', rates: [MONO], readings: [] }]), '2026-09');
    if (!bill) throw new Error('no bill');
    return xmlOf(
      invoiceOf(bill, {
        number: 'FV/2026/000006',
        issueDate: '2026-10-05',
        createdAt: '2026-10-05T05:00:00.000Z',
        contract: { number: 'UM-2026-000008', date: '2026-06-10', startDate: '2026-06-15' },
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
      }),
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
  // The invoice of September billed 300 mono over (24,00 zł) from a reading of 11 300; the
  // reading was corrected to 11 100: 100 over × 0,08 = 8,00 zł. Before: 195,00 + 24,00 +
  // 55,00 = 274,00 zł net, 63,02 VAT, 337,02 gross. After: 195,00 + 8,00 + 55,00 = 258,00 zł,
  // 59,34 VAT, 317,34 gross. The correction states the difference: −16,00 net, −3,68 VAT,
  // −19,68 gross.
  const readingsBefore = [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)];
  const readingsAfter = [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_100, 2_450)];
  const original = invoice(contract([{ serial: 'A1', rates: [COLOUR], readings: readingsBefore }]), '2026-09');
  const now = invoice(contract([{ serial: 'A1', rates: [COLOUR], readings: readingsAfter }]), '2026-09');
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
    expect(made.length).toBe(11);
    expect((await validateFa3(made)).errors).toEqual([]);
  });
});

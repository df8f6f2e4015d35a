// The statement samples of both formats (samples/README.md: written from the banks' and
// ISO 20022's public descriptions) are read inside workerd, with the libraries the worker
// bundles: every booked line with its date, amount in grosze, title, payer and reference.
import { describe, expect, it } from 'vitest';
import { parseStatementFile } from './parse.ts';
import { payerAccountOf86, subfieldsOf86 } from './mt940.ts';
import { decodeStatement, lineKeys, nipInText } from './statement.ts';
import camt02 from './samples/camt053-001-02.xml?raw';
import camt08 from './samples/camt053-001-08.xml?raw';
import ing from './samples/mt940-ing.sta?raw';
import mbank from './samples/mt940-mbank.sta?raw';

const OWN = 'PL97114020040000320201355387';
const MF = 'PL61109010140000071219812874';

const read = (text: string) => {
  const parsed = parseStatementFile(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.statements;
};

describe('MT940', () => {
  it('reads the mBank layout (^ sub-fields): every line with payer, account, title and the bank reference', () => {
    const [s, more] = read(mbank);
    expect(more).toBeUndefined();
    expect(s).toMatchObject({ format: 'mt940', account: OWN });
    expect(s?.lines).toHaveLength(6);
    expect(s?.lines[0]).toEqual({
      bookedOn: '2025-11-17',
      amountGr: 100,
      currency: 'PLN',
      title: 'Weryfikacja KS-2026-000001',
      payerName: 'MINISTERSTWO FINANSÓW UL. ŚWIĘTOKRZYSKA 12',
      payerAccount: MF,
      payerNip: null,
      bankReference: '25111700000101',
    });
    // 292,74 zł by the invoice's number; 239,85 zł naming the payer's NIP; the bank's fee is a debit.
    expect(s?.lines.map((l) => l.amountGr)).toEqual([100, 100, 29274, 23985, -5000, 12000]);
    expect(s?.lines[2]?.title).toBe('Zapłata za fakturę FV/2026/000123');
    expect(s?.lines[3]).toMatchObject({ payerNip: '5260250274', payerAccount: MF });
    expect(s?.lines[5]).toMatchObject({ payerName: 'ANNA KOWALSKA', payerAccount: 'PL77116022020000000298765432' });
  });

  it('reads the ING layout (~ sub-fields), the account given with a slash; the payer’s account after the title is unclear', () => {
    const [s] = read(ing);
    expect(s?.account).toBe(OWN);
    // ING writes the payer's account after the title, where a payer's title could have
    // written it too: no account is read, and the line says why.
    expect(s?.lines).toEqual([
      expect.objectContaining({
        bookedOn: '2025-11-18',
        amountGr: 100,
        title: 'WERYFIKACJA KS 2026 000001',
        payerName: 'MINISTERSTWO FINANSÓW',
        payerAccount: null,
        payerAccountUnclear: true,
        bankReference: 'N25111800007744',
      }),
      expect.objectContaining({ amountGr: 10000, title: 'FV/2026/000124 CZĘŚĆ 1' }),
    ]);
  });

  it('refuses a statement whose balances do not add up, in Polish', () => {
    const broken = mbank.replace(':62F:C251117PLN10604,59', ':62F:C251117PLN10604,60');
    const parsed = parseStatementFile(broken);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/^Plik MT940 jest niepoprawny/);
  });

  it('splits :86: sub-fields whatever separator the bank uses', () => {
    expect(subfieldsOf86('020~00VE02~20FAKTURA~21 12/2026')).toEqual(
      new Map([
        ['00', 'VE02'],
        ['20', 'FAKTURA'],
        ['21', ' 12/2026'],
      ]),
    );
    expect(subfieldsOf86('166<00PRZELEW<20TYTU\nŁ')?.get('20')).toBe('TYTUŁ');
    expect(subfieldsOf86('Zwykły opis bez pól')).toBeNull();
  });

  it('reads the payer’s account only before the title, and none when a sub-field repeats or follows the title', () => {
    const before = `051^3010901014^310000071219812874^38${MF}^20Tytuł`;
    expect(payerAccountOf86(before)).toEqual({ account: MF, ambiguous: false });
    expect(payerAccountOf86(`051^20Tytuł^38${MF}`)).toEqual({ account: null, ambiguous: true });
    expect(payerAccountOf86(`020~20Tytuł ~38${MF}~21~22`)).toEqual({ account: null, ambiguous: true });
    expect(payerAccountOf86(`051^38${MF}^20Tytuł^21x^38${MF}`)).toEqual({ account: null, ambiguous: true });
    expect(payerAccountOf86(`051^38${MF}^38${MF}`)).toEqual({ account: null, ambiguous: true });
    // The title is free text: "^38" in a ~ layout is just text.
    expect(payerAccountOf86(`020~38${MF}~20Tytuł ^38PL60102010260000042270201111`)).toEqual({
      account: MF,
      ambiguous: false,
    });
    expect(payerAccountOf86('Zwykły opis ~38PL61109010140000071219812874')).toEqual({
      account: null,
      ambiguous: false,
    });
  });
});

describe('camt.053', () => {
  it('reads .001.02: booked entries, a batch entry as its two transfers, debits signed', () => {
    const [s] = read(camt02);
    expect(s).toMatchObject({
      format: 'camt053',
      account: OWN,
      reference: '20251118-PL97114020040000320201355387-313',
    });
    expect(s?.lines.map((l) => [l.amountGr, l.bankReference])).toEqual([
      [100, '251118CR0000881'],
      [29274, '251118CR0000882'],
      [28339, '251118CR0000883-1'],
      [23985, '251118CR0000883-2'],
      [-500, '251118DB0000090'],
    ]);
    expect(s?.lines[0]).toMatchObject({
      bookedOn: '2025-11-18',
      title: 'Weryfikacja KS-2026-000001',
      payerName: 'MINISTERSTWO FINANSÓW',
      payerAccount: MF,
    });
    expect(s?.lines[3]).toMatchObject({ title: 'Czynsz 11/2026 NIP 5260250274', payerNip: '5260250274' });
  });

  it('reads .001.08: Sts/Cd, the payer under Pty, the NIP as its tax id, a structured reference', () => {
    const [s] = read(camt08);
    expect(s?.lines).toEqual([
      expect.objectContaining({
        amountGr: 100,
        payerName: 'JAN NOWAK',
        payerAccount: 'PL60102010260000042270201111',
        title: 'Weryfikacja KS-2026-000001',
      }),
      expect.objectContaining({
        amountGr: 23985,
        payerNip: '5260250274',
        title: 'ZAPLATA LISTOPAD',
        bankReference: 'P2511190000457',
      }),
    ]);
  });

  it('refuses XML that is no statement', () => {
    const parsed = parseStatementFile('<Document><Other/></Document>');
    expect(parsed).toEqual({ ok: false, error: expect.stringMatching(/^Plik camt.053 jest niepoprawny/) });
  });
});

describe('a line’s identity', () => {
  it('is the bank’s reference with date and amount where there is one, else a hash stable across imports that keeps equal lines apart', async () => {
    const [s] = read(mbank);
    if (!s) throw new Error('no statement');
    const keys = await lineKeys(s);
    expect(keys[0]).toBe(`ref:["${OWN}","25111700000101","2025-11-17",100,null]`);
    // Another statement (the next intraday one) gives equal lines other keys.
    const next = await lineKeys({
      ...s,
      identity: `${s.identity}+1`,
      lines: s.lines.map((l) => ({ ...l, bankReference: null })),
    });
    const same = await lineKeys({ ...s, lines: s.lines.map((l) => ({ ...l, bankReference: null })) });
    expect(next[0]).not.toBe(same[0]);
    const noRefs = { ...s, lines: [s.lines[0], s.lines[0]].map((l) => ({ ...l!, bankReference: null })) };
    const [a, b] = await lineKeys(noRefs);
    expect(a).toMatch(/^hash:[\da-f]{64}$/);
    expect(b).not.toBe(a);
    expect(await lineKeys(noRefs)).toEqual([a, b]);
  });

  it('decodes UTF-8, and Windows-1250 when the bytes are not UTF-8', () => {
    expect(decodeStatement(new TextEncoder().encode('Zapłata'))).toBe('Zapłata');
    // 'Zapłata' in Windows-1250: ł is 0xB3.
    expect(decodeStatement(new Uint8Array([0x5a, 0x61, 0x70, 0xb3, 0x61, 0x74, 0x61]))).toBe('Zapłata');
    expect(nipInText('czynsz, NIP: 526-025-02-74')).toBe('5260250274');
    expect(nipInText('NIP 5260250275')).toBeNull();
  });
});

// The KSeF pieces that need no Worker: the KSeF number's CRC-8 against the documents' examples,
// the vendored schemas against the Ministry's examples, the stand-in's UPOs and certificates,
// the XAdES sign-in document signed by the client (xadesjs) and checked by the stand-in
// (xml-crypto), the batch ZIP, the offline time limits and the limit windows.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKENS_END, tokenDeadlineNote } from './auth.ts';
import { certificateFields, fromBase64, pemBytes, toBase64, utf8 } from './crypto.ts';
import { KSEF_LIMITS, nextSlot, roomNow } from './limits.ts';
import { crc8, isKsefNumber, ksefNumber, referenceNumber } from './number.ts';
import { businessDaysAfter, failureDeadline, offlineDeadline } from './offline.ts';
import { selfSigned, testSigningCertificate } from './standin/certificates.ts';
import { unzip } from './standin/unzip.ts';
import { upoXml } from './standin/upo.ts';
import { SignatureError, verifyAuthTokenRequest } from './standin/xades-verify.ts';
import { SPEC_DIR, validate, validateOne } from './standin/xsd.ts';
import { fa3Xml } from './test-invoices.ts';
import { authTokenRequest, signedAuthTokenRequest } from './xades.ts';
import { zip } from './zip.ts';
import { KSEF_STATUS_LABELS } from '../../admin-shared/admin-api-invoices.ts';

const spec = (file: string) => readFileSync(path.join(SPEC_DIR, file), 'utf8');

describe('KSeF number (faktury/numer-ksef.md)', () => {
  it('checks the CRC-8 of the documents’ numbers', () => {
    // numer-ksef.md's example, and the numbers of the UPO examples and of the OpenAPI's examples.
    for (const number of [
      '5265877635-20250826-0100001AF629-AF',
      '5265877635-20250916-0200A0D6723E-C2',
      '5265877635-20250626-010080DD2B5E-26',
    ])
      expect(isKsefNumber(number), number).toBe(true);
    expect(crc8('5265877635-20250826-0100001AF629')).toBe('AF');
  });

  it('refuses a wrong checksum, date, case or length', () => {
    expect(isKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
    expect(isKsefNumber('5265877635-20250231-0100001AF629-AF')).toBe(false);
    expect(isKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false);
    expect(isKsefNumber('5265877635-20250826-0100001AF629AF')).toBe(false);
  });

  it('makes numbers and reference numbers with the checksum KSeF uses', () => {
    expect(ksefNumber('5265877635', '2025-08-26', '0100001AF629')).toBe('5265877635-20250826-0100001AF629-AF');
    // The OpenAPI's reference numbers end with the same CRC-8 over their first 33 characters.
    expect(referenceNumber('2025-06-25', 'SO', '2C3E6C8000B675CF5D68')).toBe('20250625-SO-2C3E6C8000-B675CF5D68-07');
    expect(referenceNumber('2025-05-14', 'CR', '226FB7B0003ACF9BE4C0')).toBe('20250514-CR-226FB7B000-3ACF9BE4C0-10');
  });
});

describe('schemas', () => {
  it('the UPO examples and the stand-in’s UPOs are valid against UPO v4-3', async () => {
    const mine = upoXml({
      sessionRef: referenceNumber('2026-11-27', 'SO', 'ABCDEF0123ABCDEF0123'),
      contextNip: '5265877635',
      authentication: { tokenRef: referenceNumber('2026-11-27', 'EC', '0123456789ABCDEF0123') },
      documents: [1, 2].map((n) => ({
        sellerNip: '5265877635',
        ksefNumber: ksefNumber('5265877635', '2026-11-27', `0000000000A${n}`),
        invoiceNumber: `FV/2026/11/000${n} & <test>`,
        issueDate: '2026-11-27',
        sentAt: '2026-11-27T10:00:00.000Z',
        acquiredAt: '2026-11-27T10:00:01.000Z',
        hash: toBase64(new Uint8Array(32).fill(n)),
        offline: n === 2,
      })),
    });
    // The Ministry's examples come from its TEST environment, whose UPOs name the receiver
    // 'Ministerstwo Finansów - środowisko testowe (TE)' where the schema fixes 'Ministerstwo
    // Finansów': with that one value as the schema wants, they are valid, and so are ours.
    const asProduction = (xml: string) => xml.replace(' - środowisko testowe (TE)', '');
    const errors = await validate('UPO', [
      asProduction(spec('faktury/upo/przyklady/v4-3/kontekst-nip/upo-faktura-kontekst-id-nip.xml')),
      asProduction(spec('faktury/upo/przyklady/v4-3/kontekst-nip/upo-sesja-kontekst-id-nip.xml')),
      mine,
    ]);
    expect(errors).toEqual([[], [], []]);
    // A UPO that names no invoice is not one.
    expect(await validateOne('UPO', mine.replace(/<Dokument>.*<\/Dokument>/s, ''))).not.toEqual([]);
  });

  it('the test invoices are valid FA(3); a broken one is not', async () => {
    const xml = fa3Xml({ number: 'FV/2026/11/0001', sellerNip: '5265877635', issueDate: '2026-11-27' });
    expect(await validateOne('FA3', xml)).toEqual([]);
    expect(await validateOne('FA3', xml.replace('<P_2>', '<P_2x>').replace('</P_2>', '</P_2x>'))).not.toEqual([]);
  });

  it('the AuthTokenRequest we make is valid against auth v2.1', async () => {
    const xml = authTokenRequest('20250625-CR-20F5EE4000-DA48AE4124-46', '5265877635');
    expect(await validateOne('AUTH', xml)).toEqual([]);
  });
});

describe('stand-in certificates', () => {
  it('are X.509 that Node reads, with the public key the client takes out of them', () => {
    const made = selfSigned([['2.5.4.3', 'Ministerstwo Finansów']]);
    const x509 = new X509Certificate(made.der);
    expect(x509.subject).toContain('CN=Ministerstwo Finansów');
    expect(x509.verify(x509.publicKey)).toBe(true);
    const fields = certificateFields(new Uint8Array(made.der));
    expect(Buffer.from(fields.spki).equals(made.spki)).toBe(true);
    expect(fields.serialHex).toBe(x509.serialNumber.replace(/^0+/, ''));
  });

  it('a person’s and a seal’s test certificate carry the NIP as KSeF reads it', () => {
    expect(new X509Certificate(testSigningCertificate('5265877635', 'person').der).subject).toContain(
      'serialNumber=TINPL-5265877635',
    );
    const seal = new X509Certificate(testSigningCertificate('5265877635', 'seal', 'ec').der);
    expect(seal.subject).toMatch(/VATPL-5265877635/);
  });
});

describe('XAdES sign-in (certificate way)', () => {
  const challenge = '20250625-CR-20F5EE4000-DA48AE4124-46';

  for (const [kind, keyType] of [
    ['person', 'rsa'],
    ['seal', 'ec'],
  ] as const)
    it(`signed by the client with a ${kind}'s ${keyType} key, verified by the stand-in with another library`, async () => {
      const made = testSigningCertificate('5265877635', kind, keyType);
      const signed = await signedAuthTokenRequest(challenge, '5265877635', {
        certificate: made.der.toString('base64'),
        privateKey: made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      });
      const checked = verifyAuthTokenRequest(signed);
      expect(checked).toMatchObject({ challenge, contextNip: '5265877635', certificateNip: '5265877635' });
      expect(await validateOne('AUTH', checked.unsigned)).toEqual([]);
      // Any change to the signed document breaks the signature.
      expect(() => verifyAuthTokenRequest(signed.replace('<Nip>5265877635</Nip>', '<Nip>5265877636</Nip>'))).toThrow(
        SignatureError,
      );
    });
});

describe('batch ZIP', () => {
  it('the Worker’s ZIP opens in Node with every invoice as written', async () => {
    const files = [1, 2, 3].map((n) => ({
      name: `inv-${n}.xml`,
      data: utf8(fa3Xml({ number: `FV/${n}`, sellerNip: '5265877635', issueDate: '2026-11-27' })),
    }));
    const opened = unzip(Buffer.from(await zip(files)));
    expect(opened.map((f) => f.name)).toEqual(['inv-1.xml', 'inv-2.xml', 'inv-3.xml']);
    expect(opened.map((f) => f.data.toString('utf8'))).toEqual(files.map((f) => new TextDecoder().decode(f.data)));
  });
});

describe('offline time limits (tryby-offline.md)', () => {
  it('offline24: the next business day after the issue date', () => {
    // The document's example: issued Wednesday 2025-07-08, to be sent by Thursday 2025-07-09.
    expect(offlineDeadline('2025-07-08')).toBe('2025-07-09');
    // Friday → Monday; before a holiday (11 November 2026 is a Wednesday) → the day after it.
    expect(offlineDeadline('2026-11-27')).toBe('2026-11-30');
    expect(offlineDeadline('2026-11-10')).toBe('2026-11-12');
  });

  it('after an announced failure: 7 business days from its end', () => {
    // The document's example: the failure ends Saturday 2025-07-12; the last day is Tuesday 2025-07-22.
    expect(failureDeadline('2025-07-12')).toBe('2025-07-22');
    expect(businessDaysAfter('2025-12-23', 1)).toBe('2025-12-29');
  });
});

describe('limits (limity/limity-api.md)', () => {
  it('sending in an online session: 10/s, 30/min, 180/h', () => {
    expect(KSEF_LIMITS.sendInvoice).toEqual({ perSecond: 10, perMinute: 30, perHour: 180 });
  });

  it('a request waits for the window that is full, the sliding windows counted from each request', () => {
    const limit = KSEF_LIMITS.sendInvoice;
    const t0 = 1_000_000;
    const ten = Array.from({ length: 10 }, (_, i) => t0 + i * 10);
    // 10 in 100 ms: the 11th waits until the first leaves the 1-second window.
    expect(nextSlot(ten, limit, t0 + 100)).toBe(t0 + 1000);
    // 30 in the last minute (10 a second for 3 s): the 31st waits until the first is a minute old.
    const thirty = Array.from({ length: 30 }, (_, i) => t0 + Math.floor(i / 10) * 1000 + (i % 10));
    expect(nextSlot(thirty, limit, t0 + 3000)).toBe(t0 + 60_000);
    expect(roomNow(thirty, limit, t0 + 3000)).toBe(0);
    expect(roomNow(thirty.slice(0, 5), limit, t0 + 3000)).toBe(25);
    // 180 in the hour: nothing until the first is an hour old, though the minute is empty.
    const hour = Array.from({ length: 180 }, (_, i) => t0 + i * 15_000);
    const after = t0 + 180 * 15_000;
    expect(roomNow(hour, limit, after)).toBe(0);
    expect(nextSlot(hour, limit, after)).toBe(t0 + 3_600_000);
  });
});

describe('crypto helpers', () => {
  it('base64 round trip of large buffers and PEM blocks', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 251);
    // Compared as one buffer: toEqual walks 200 000 elements one by one (10–31 s on a busy machine).
    const back = fromBase64(toBase64(bytes));
    expect(back.length).toBe(bytes.length);
    expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
    expect(pemBytes(`-----BEGIN X-----\n${toBase64(bytes.slice(0, 48))}\n-----END X-----`)).toEqual(bytes.slice(0, 48));
  });
});

describe('the 31 December 2026 switch', () => {
  it('a token way in is reminded in December and an error from the day tokens end; a certificate is not', () => {
    const token = { kind: 'token', token: 't' } as const;
    expect(TOKENS_END).toBe('2026-12-31');
    expect(tokenDeadlineNote(token, '2026-11-30')).toBeNull();
    expect(tokenDeadlineNote(token, '2026-12-01')?.level).toBe('warn');
    expect(tokenDeadlineNote(token, '2026-12-31')?.level).toBe('error');
    expect(tokenDeadlineNote({ kind: 'certificate', certificate: 'c', privateKey: 'k' }, '2027-01-02')).toBeNull();
  });
});

describe('KSeF statuses', () => {
  it('the sender writes only statuses the register and the copy have a label for', () => {
    // Every quoted word on a line of the sender's or its model's that speaks of a status: the
    // statuses set in SQL and those the sender binds (a give-up once wrote one without a label).
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const written = new Set<string>();
    for (const file of ['sender.ts', 'run.ts', 'deliver.ts', 'poll.ts', 'model.ts'])
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n'))
        if (/status\b/.test(line)) for (const [, word] of line.matchAll(/'([a-z]+)'/g)) written.add(word as string);
    expect([...written].sort()).toEqual(['accepted', 'offline', 'queued', 'rejected', 'sending', 'sent']);
    for (const status of written) expect(KSEF_STATUS_LABELS[status], status).toBeTruthy();
  });
});

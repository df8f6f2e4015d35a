/**
 * Self-signed X.509 certificates for the KSeF stand-in, written in DER with node:crypto's keys
 * and signatures (no library): the "Ministry's" encryption certificates the stand-in publishes
 * on `GET /security/public-key-certificates`, and test signing certificates with the subject
 * attributes KSeF reads (spec/auth/podpis-xades.md: serialNumber `TINPL-<NIP>` of a person,
 * organizationIdentifier `VATPL-<NIP>` of a company seal) — KSeF's TEST environment takes
 * self-signed ones, and so does the stand-in.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

const len = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};

export const der = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};

const seq = (...items: Buffer[]) => der(0x30, ...items);

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [];
    let v = part;
    do {
      chunk.unshift(v & 0x7f);
      v = Math.floor(v / 128);
    } while (v > 0);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i] = (chunk[i] as number) | 0x80;
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const integer = (bytes: Buffer): Buffer =>
  der(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);

const time = (date: Date): Buffer => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${iso.slice(2)}Z`)) : der(0x18, Buffer.from(`${iso}Z`));
};

/** Subject attributes by OID (2.5.4.3 commonName, 2.5.4.5 serialNumber, 2.5.4.97 organizationIdentifier …). */
export type Subject = [oid: string, value: string][];

const PRINTABLE = new Set(['2.5.4.6', '2.5.4.5']);
const name = (subject: Subject): Buffer =>
  seq(
    ...subject.map(([type, value]) =>
      der(0x31, seq(oid(type), der(PRINTABLE.has(type) ? 0x13 : 0x0c, Buffer.from(value, 'utf8')))),
    ),
  );

export interface Certified {
  /** The certificate, DER. */
  der: Buffer;
  privateKey: KeyObject;
  /** SubjectPublicKeyInfo, DER. */
  spki: Buffer;
}

/** A self-signed certificate for `subject` with a new RSA 2048 or EC P-256 key pair. */
export function selfSigned(
  subject: Subject,
  options: { keyType?: 'rsa' | 'ec'; validFrom?: Date; validTo?: Date } = {},
): Certified {
  const keyType = options.keyType ?? 'rsa';
  const { privateKey, publicKey } =
    keyType === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const algorithm = keyType === 'rsa' ? seq(oid('1.2.840.113549.1.1.11'), der(0x05)) : seq(oid('1.2.840.10045.4.3.2'));
  const validFrom = options.validFrom ?? new Date(Date.now() - 86_400_000);
  const validTo = options.validTo ?? new Date(validFrom.getTime() + 2 * 365 * 86_400_000);
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f;
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name(subject),
    seq(time(validFrom), time(validTo)),
    name(subject),
    spki,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, algorithm, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { der: certificate, privateKey, spki };
}

/** SHA-256 of bytes, base64 (`certificateId`, `publicKeyId`). */
export const sha256Base64 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('base64');

/** A test signing certificate of a person (serialNumber TINPL-<nip>) or a company seal (organizationIdentifier VATPL-<nip>). */
export function testSigningCertificate(nip: string, kind: 'person' | 'seal', keyType: 'rsa' | 'ec' = 'rsa'): Certified {
  const subject: Subject =
    kind === 'person'
      ? [
          ['2.5.4.6', 'PL'],
          ['2.5.4.42', 'Jan'],
          ['2.5.4.4', 'Testowy'],
          ['2.5.4.5', `TINPL-${nip}`],
          ['2.5.4.3', 'Jan Testowy'],
        ]
      : [
          ['2.5.4.6', 'PL'],
          ['2.5.4.10', 'Kserowo test sp. z o.o.'],
          ['2.5.4.97', `VATPL-${nip}`],
          ['2.5.4.3', 'Kserowo test'],
        ];
  return selfSigned(subject, { keyType });
}

// The stand-in as strict as KSeF where a client bug could hide (docs/ksef.md, "The local
// stand-in"): the fields' formats and lengths of the OpenAPI (a hex hash is not the 44-character
// base64 one), the form code, the Content-Type, the 1 MB invoice, a token bound to its NIP and its
// permissions; and the client reading KSeF's errors as Problem Details (`errors[].code`), the
// deprecated ExceptionResponse still understood, and `X-System-Warning` handed on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FA3_FORM_CODE, KsefApi, KsefRefused, refusalOf, type SystemWarning, systemWarnings } from '../api.ts';
import { accessToken } from '../auth.ts';
import { realClock } from '../clock.ts';
import { aesEncrypt, fileMeta, newSessionKey, rsaOaepEncrypt, type SessionKey, toBase64, utf8 } from '../crypto.ts';
import { publicKey } from '../keys.ts';
import { fa3Xml } from '../test-invoices.ts';
import { type KsefStandIn, startKsefStandIn } from './server.ts';

const NIP = '5265877635';
const OTHER_NIP = '7010002345';
let standIn: KsefStandIn;

beforeAll(async () => {
  standIn = await startKsefStandIn();
});
afterAll(() => standIn.close());

async function tenant(tokenFor: { nip: string; permissions?: string[] } = { nip: NIP }) {
  const res = await fetch(`${standIn.origin}/__standin/tenants`, { method: 'POST', body: '{}' });
  const { id, baseUrl } = (await res.json()) as { id: string; baseUrl: string };
  const tokenRes = await fetch(`${standIn.origin}/__standin/tenants/${id}/tokens`, {
    method: 'POST',
    body: JSON.stringify(tokenFor),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const warnings: { list: SystemWarning[]; path: string }[] = [];
  const api = new KsefApi({ baseUrl, onWarning: (list, p) => warnings.push({ list, path: p }) });
  return { id, baseUrl, api, token, warnings };
}

async function signedIn(tokenFor?: { nip: string; permissions?: string[] }) {
  const t = await tenant(tokenFor);
  return { ...t, access: await accessToken(t.api, NIP, { kind: 'token', token: t.token }, realClock) };
}

async function encryption(api: KsefApi, key: SessionKey) {
  const { publicKeyId, key: rsa } = await publicKey(api, 'SymmetricKeyEncryption');
  return {
    encryptedSymmetricKey: toBase64(await rsaOaepEncrypt(rsa, key.raw)),
    initializationVector: toBase64(key.iv),
    publicKeyId,
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('KSeF took it');
    },
    (error: unknown) => {
      if (!(error instanceof KsefRefused)) throw error;
      return error;
    },
  );

describe('the stand-in refuses what KSeF refuses', { timeout: 60_000 }, () => {
  it('a hex SHA-256 where the OpenAPI wants 44 characters of base64, and an invoice over 1 MB: 21405', async () => {
    const { api, access } = await signedIn();
    const key = await newSessionKey();
    const { referenceNumber } = await api.openOnlineSession(access, await encryption(api, key));
    const plain = utf8(fa3Xml({ number: 'FV/S/1', sellerNip: NIP, issueDate: '2026-01-15' }));
    const encrypted = await aesEncrypt(key, plain);
    const [p, e] = [await fileMeta(plain), await fileMeta(encrypted)];
    const good = {
      invoiceHash: p.hash,
      invoiceSize: p.size,
      encryptedInvoiceHash: e.hash,
      encryptedInvoiceSize: e.size,
      encryptedInvoiceContent: toBase64(encrypted),
      offlineMode: false,
    };
    // The same SHA-256 written in hex: 64 characters, not base64's 44.
    const hex = Buffer.from(p.hash, 'base64').toString('hex');
    expect(hex).toHaveLength(64);
    const wrong = await refusal(api.sendOnlineInvoice(access, referenceNumber, { ...good, invoiceHash: hex }));
    expect(wrong.status).toBe(400);
    expect(wrong.codes).toEqual([21405]);
    expect(wrong.details).toContain('Pole invoiceHash może mieć najwyżej 44 znaków.');
    const big = await refusal(api.sendOnlineInvoice(access, referenceNumber, { ...good, invoiceSize: 1_000_001 }));
    expect(big.codes).toEqual([21405]);
    expect(big.details.join(' ')).toContain('1 MB');
    // A wrong type: a size as text.
    const text = await refusal(
      api.sendOnlineInvoice(access, referenceNumber, { ...good, invoiceSize: String(p.size) as unknown as number }),
    );
    expect(text.details).toContain('Pole invoiceSize musi być typu integer.');
    expect(await api.sendOnlineInvoice(access, referenceNumber, good)).toHaveProperty('referenceNumber');
  });

  it('a session of a form code it does not take (FA (2) is not ours), and a JSON body sent as text/plain', async () => {
    const { baseUrl, api, access } = await signedIn();
    const body = {
      formCode: { ...FA3_FORM_CODE, systemCode: 'FA (2)' },
      encryption: await encryption(api, await newSessionKey()),
    };
    const headers = { authorization: `Bearer ${access}`, 'x-error-format': 'problem-details' };
    const form = await fetch(`${baseUrl}/sessions/online`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(form.status).toBe(400);
    expect(form.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await form.json()) as { errors: { code: number; details: string[] }[] };
    expect(problem.errors[0]).toMatchObject({ code: 21405, details: ['Wskazany kod formularza nie jest wspierany.'] });
    const plain = await fetch(`${baseUrl}/sessions/online`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: JSON.stringify({ ...body, formCode: FA3_FORM_CODE }),
    });
    expect(plain.status).toBe(415);
  });

  it('a token for another NIP signs in to no session of ours; a token without InvoiceWrite sends nothing (403)', async () => {
    const other = await tenant({ nip: OTHER_NIP });
    await expect(accessToken(other.api, NIP, { kind: 'token', token: other.token }, realClock)).rejects.toThrow(
      /450|token/i,
    );
    const reader = await signedIn({ nip: NIP, permissions: ['InvoiceRead'] });
    const refused = await refusal(
      reader.api.openOnlineSession(reader.access, await encryption(reader.api, await newSessionKey())),
    );
    expect(refused.status).toBe(403);
    expect(refused.message).toContain('missing-permissions');
  });
});

describe('the client reads KSeF errors in the current format', { timeout: 60_000 }, () => {
  const spec = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../spec/open-api.json'), 'utf8')) as {
    components: { schemas: Record<string, { example?: unknown }> };
  };

  it('Problem Details errors[].code and the deprecated ExceptionResponse, from the OpenAPI examples', () => {
    const problem = refusalOf(JSON.stringify(spec.components.schemas.BadRequestProblemDetails?.example));
    expect(problem.codes).toEqual([21405, 21157]);
    expect(problem.details).toContain('Wskazany kod formularza nie jest wspierany.');
    const old = refusalOf(JSON.stringify(spec.components.schemas.ExceptionResponse?.example));
    expect(old.codes).toEqual([12345]);
    expect(refusalOf('<html>bad gateway</html>').codes).toEqual([]);
  });

  it('asks for Problem Details on every request: a withdrawn key is still 21470 to it', async () => {
    const { id, baseUrl, api, access } = await signedIn();
    const stale = await encryption(api, await newSessionKey());
    await fetch(`${standIn.origin}/__standin/tenants/${id}/rotate-keys`, {
      method: 'POST',
      body: '{"emergency":true}',
    });
    const seen: { asked: string | null; type: string | null }[] = [];
    const watched = new KsefApi({
      baseUrl,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        seen.push({
          asked: new Headers(init?.headers).get('x-error-format'),
          type: res.headers.get('content-type'),
        });
        return res;
      },
    });
    const refused = await refusal(watched.openOnlineSession(access, stale));
    expect(refused.has(21470)).toBe(true);
    expect(seen).toEqual([{ asked: 'problem-details', type: 'application/problem+json' }]);
  });

  it('X-System-Warning: the regex of the OpenAPI, each warning handed to the sender', async () => {
    expect(systemWarnings('[W100]: Token wygasa 31.12.2026 | [W2]: Zmiana formatu bledow')).toEqual([
      { code: 'W100', message: 'Token wygasa 31.12.2026' },
      { code: 'W2', message: 'Zmiana formatu bledow' },
    ]);
    const { id, api, warnings } = await tenant();
    await fetch(`${standIn.origin}/__standin/tenants/${id}/switches`, {
      method: 'POST',
      body: JSON.stringify({ systemWarning: '[ERRFMT]: Domyslny format bledow zmieni sie na problem-details' }),
    });
    await api.publicKeyCertificates();
    expect(warnings).toEqual([
      {
        list: [{ code: 'ERRFMT', message: 'Domyslny format bledow zmieni sie na problem-details' }],
        path: '/security/public-key-certificates',
      },
    ]);
  });
});

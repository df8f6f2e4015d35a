// The stand-in itself, spoken to directly with the client's API calls: what the OpenAPI does not
// have, what the documents say KSeF refuses (a wrong hash or size, a withdrawn key), its sliding
// windows (past 10 a second or 30 a minute, a 429), the duplicate and a session without a correct
// invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KsefApi, KsefRateLimited, KsefRefused, type SendInvoice } from '../api.ts';
import { accessToken } from '../auth.ts';
import { realClock } from '../clock.ts';
import { aesEncrypt, fileMeta, newSessionKey, rsaOaepEncrypt, type SessionKey, toBase64, utf8 } from '../crypto.ts';
import { publicKey } from '../keys.ts';
import { fa3Xml } from '../test-invoices.ts';
import { type KsefStandIn, startKsefStandIn } from './server.ts';

const NIP = '5265877635';
let standIn: KsefStandIn;

beforeAll(async () => {
  standIn = await startKsefStandIn();
});
afterAll(() => standIn.close());

async function fresh() {
  const res = await fetch(`${standIn.origin}/__standin/tenants`, { method: 'POST', body: '{}' });
  const { id, baseUrl } = (await res.json()) as { id: string; baseUrl: string };
  const tokenRes = await fetch(`${standIn.origin}/__standin/tenants/${id}/tokens`, {
    method: 'POST',
    body: JSON.stringify({ nip: NIP }),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const api = new KsefApi({ baseUrl });
  const access = await accessToken(api, NIP, { kind: 'token', token }, realClock);
  return { id, baseUrl, api, access };
}

async function session(api: KsefApi, access: string): Promise<{ ref: string; key: SessionKey }> {
  const key = await newSessionKey();
  const { publicKeyId, key: rsa } = await publicKey(api, 'SymmetricKeyEncryption');
  const { referenceNumber } = await api.openOnlineSession(access, {
    encryptedSymmetricKey: toBase64(await rsaOaepEncrypt(rsa, key.raw)),
    initializationVector: toBase64(key.iv),
    publicKeyId,
  });
  return { ref: referenceNumber, key };
}

async function body(key: SessionKey, number: string): Promise<SendInvoice> {
  const plain = utf8(fa3Xml({ number, sellerNip: NIP, issueDate: '2026-01-15' }));
  const encrypted = await aesEncrypt(key, plain);
  const [p, e] = [await fileMeta(plain), await fileMeta(encrypted)];
  return {
    invoiceHash: p.hash,
    invoiceSize: p.size,
    encryptedInvoiceHash: e.hash,
    encryptedInvoiceSize: e.size,
    encryptedInvoiceContent: toBase64(encrypted),
    offlineMode: false,
  };
}

describe('the KSeF stand-in', { timeout: 60_000 }, () => {
  it('answers as the OpenAPI says: an unknown path 404, a wrong method 405, a missing required field 21405', async () => {
    const { baseUrl, access } = await fresh();
    expect((await fetch(`${baseUrl}/no/such/thing`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/auth/challenge`, { method: 'DELETE' })).status).toBe(405);
    const res = await fetch(`${baseUrl}/sessions/online`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ encryption: { initializationVector: 'AAAA' } }),
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as {
      exception: { exceptionDetailList: { exceptionCode: number; details: string[] }[] };
    };
    expect(json.exception.exceptionDetailList[0]?.exceptionCode).toBe(21405);
    expect(json.exception.exceptionDetailList[0]?.details).toEqual(
      expect.arrayContaining(['Pole formCode jest wymagane.', 'Pole encryption.encryptedSymmetricKey jest wymagane.']),
    );
    // Without an access token, a protected endpoint is 401.
    expect((await fetch(`${baseUrl}/sessions/ABC`)).status).toBe(401);
  });

  it('refuses a content whose hash or size is not the declared one (21403, 21402)', async () => {
    const { api, access } = await fresh();
    const { ref, key } = await session(api, access);
    const good = await body(key, 'FV/H/1');
    await expect(
      api.sendOnlineInvoice(access, ref, { ...good, encryptedInvoiceHash: good.invoiceHash }),
    ).rejects.toMatchObject({
      codes: [21403],
    });
    await expect(
      api.sendOnlineInvoice(access, ref, { ...good, encryptedInvoiceSize: good.encryptedInvoiceSize + 16 }),
    ).rejects.toMatchObject({ codes: [21402] });
    expect(await api.sendOnlineInvoice(access, ref, good)).toHaveProperty('referenceNumber');
  });

  it('past the windows (10 a second, 30 a minute) an invoice is refused with 429 and a Retry-After', async () => {
    const { api, access } = await fresh();
    const { ref, key } = await session(api, access);
    // 31 at once: whatever the machine's pace, the minute's window takes 30 at most.
    const bodies = await Promise.all(Array.from({ length: 31 }, (_, i) => body(key, `FV/R/${i}`)));
    const results = await Promise.allSettled(bodies.map((b) => api.sendOnlineInvoice(access, ref, b)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(results.length - refused.length).toBeLessThanOrEqual(30);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const error of refused) {
      expect(error).toBeInstanceOf(KsefRateLimited);
      expect((error as KsefRateLimited).retryAfter).toBeGreaterThanOrEqual(1);
    }
  });

  it('a repeated seller, type and number is 440 naming the original; a session of nothing correct is 445', async () => {
    const { api, access, id } = await fresh();
    const first = await session(api, access);
    await api.sendOnlineInvoice(access, first.ref, await body(first.key, 'FV/D/1'));
    await api.closeOnlineSession(access, first.ref);
    await fetch(`${standIn.origin}/__standin/tenants/${id}/idle`, { method: 'POST', body: '{}' });
    const [original] = (await api.sessionInvoices(access, first.ref)).invoices;
    expect(original?.status.code).toBe(200);
    const second = await session(api, access);
    const { referenceNumber } = await api.sendOnlineInvoice(access, second.ref, await body(second.key, 'FV/D/1'));
    await api.closeOnlineSession(access, second.ref);
    await fetch(`${standIn.origin}/__standin/tenants/${id}/idle`, { method: 'POST', body: '{}' });
    const duplicate = await api.sessionInvoice(access, second.ref, referenceNumber);
    expect(duplicate.status).toMatchObject({
      code: 440,
      description: 'Duplikat faktury',
      extensions: { originalKsefNumber: original?.ksefNumber, originalSessionReferenceNumber: first.ref },
    });
    expect((await api.sessionStatus(access, second.ref)).status).toMatchObject({ code: 445 });
    // Closing it again: its status does not allow it.
    await expect(api.closeOnlineSession(access, second.ref)).rejects.toBeInstanceOf(KsefRefused);
  });
});

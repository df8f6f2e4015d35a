// The White List client against the local stand-in, its 24-hour cache per NIP, the per
// visitor limit and `GET /api/company/<nip>` (DESIGN §8).
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { lookupNip } from './whitelist-client.ts';
import { findCompany, whitelistOptions } from './lookup.ts';
import { STANDIN_NIPS, standinFetch } from './whitelist-standin.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { NIP_ERROR } from '../../widgets/core/nip.ts';
import { companyLookup } from './routes.ts';
import { forgetStaleLookups } from './model.ts';

const testEnv = env as unknown as Env;
const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

/** The stand-in, counting the requests that reach it. */
function countingStandin() {
  const seen: string[] = [];
  return {
    seen,
    options: {
      baseUrl: 'https://wl-api.stand-in.invalid',
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(String(input));
        return standinFetch(input, init);
      },
    },
  };
}

describe('the White List client against the stand-in', () => {
  it('finds an active VAT taxpayer with its name, REGON, address, listed account and the answer’s id, asking for today in Warsaw', async () => {
    const { seen, options } = countingStandin();
    const answer = await lookupNip(STANDIN_NIPS.active, { ...options, now: new Date('2026-11-25T23:30:00Z') });
    expect(answer).toEqual({
      kind: 'found',
      company: {
        name: 'MINISTERSTWO FINANSÓW',
        vatStatus: 'Czynny',
        regon: '000002217',
        krs: null,
        address: 'ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA',
        // The register gives 26-digit account numbers (NRB); a verification transfer must come from one.
        accountNumbers: ['61109010140000071219812874'],
        requestId: expect.stringMatching(/^standin-/),
        requestDateTime: expect.any(String),
      },
    });
    // 23:30 UTC is already the 26th in Warsaw.
    expect(seen).toEqual([`https://wl-api.stand-in.invalid/api/search/nip/${STANDIN_NIPS.active}?date=2026-11-26`]);
  });

  it('says "not found" for a valid NIP the register does not know (subject: null)', async () => {
    expect(await lookupNip('8390000063', countingStandin().options)).toEqual({ kind: 'notFound' });
  });

  it('reports an exempt and a struck-off taxpayer with their VAT status, the residence address when no working one', async () => {
    const exempt = await lookupNip(STANDIN_NIPS.exempt, countingStandin().options);
    expect(exempt).toMatchObject({
      kind: 'found',
      company: { vatStatus: 'Zwolniony', address: 'DŁUGA 5, 76-200 SŁUPSK' },
    });
    const gone = await lookupNip(STANDIN_NIPS.unregistered, countingStandin().options);
    expect(gone).toMatchObject({ kind: 'found', company: { vatStatus: 'Niezarejestrowany', krs: '0000000028' } });
  });

  it('is "unavailable" on the API error, its rate limit, a non-JSON answer and no answer at all', async () => {
    for (const nip of [STANDIN_NIPS.apiError, STANDIN_NIPS.rateLimited, STANDIN_NIPS.garbage])
      expect(await lookupNip(nip, countingStandin().options)).toMatchObject({ kind: 'unavailable' });
    const down = await lookupNip(STANDIN_NIPS.active, {
      baseUrl: 'https://wl-api.stand-in.invalid',
      fetch: () => Promise.reject(new TypeError('Network connection lost.')),
    });
    expect(down).toMatchObject({ kind: 'unavailable' });
  });
});

describe('the look-up cache', () => {
  it('answers the same NIP from D1 for 24 hours: the API is asked once', async () => {
    const { seen, options } = countingStandin();
    const first = await findCompany(testEnv.DB, STANDIN_NIPS.exempt, options);
    const second = await findCompany(testEnv.DB, STANDIN_NIPS.exempt, options);
    expect(first).toMatchObject({ kind: 'found', cached: false });
    expect(second).toMatchObject({
      kind: 'found',
      cached: true,
      company: { name: expect.stringContaining('PRACOWNIA') },
    });
    expect(seen).toHaveLength(1);
  });

  it('caches "not found" too, but never a failure', async () => {
    const { seen, options } = countingStandin();
    await findCompany(testEnv.DB, '8390000086', options);
    expect(await findCompany(testEnv.DB, '8390000086', options)).toEqual({ kind: 'notFound', cached: true });
    await findCompany(testEnv.DB, STANDIN_NIPS.apiError, options);
    expect(await findCompany(testEnv.DB, STANDIN_NIPS.apiError, options)).toEqual({ kind: 'unavailable' });
    expect(seen).toHaveLength(3);
  });

  it('asks again once the cached answer is older than 24 hours', async () => {
    const { seen, options } = countingStandin();
    await findCompany(testEnv.DB, STANDIN_NIPS.unregistered, options);
    await testEnv.DB.prepare("UPDATE company_lookups SET fetched_at = '2020-01-01T00:00:00.000Z' WHERE nip = ?")
      .bind(STANDIN_NIPS.unregistered)
      .run();
    expect(await findCompany(testEnv.DB, STANDIN_NIPS.unregistered, options)).toMatchObject({ cached: false });
    expect(seen).toHaveLength(2);
  });

  it('forgets answers older than 24 hours at the cron, keeping the fresh ones', async () => {
    const { options } = countingStandin();
    await findCompany(testEnv.DB, STANDIN_NIPS.active, options);
    await testEnv.DB.prepare(
      "INSERT OR REPLACE INTO company_lookups (nip, found, data, fetched_at) VALUES ('8390000100', 0, NULL, '2020-01-01T00:00:00.000Z')",
    ).run();
    expect(await forgetStaleLookups(testEnv.DB)).toBeGreaterThanOrEqual(1);
    const left = await testEnv.DB.prepare('SELECT nip FROM company_lookups').all<{ nip: string }>();
    expect(left.results.map((r) => r.nip)).toContain(STANDIN_NIPS.active);
    expect(left.results.map((r) => r.nip)).not.toContain('8390000100');
  });

  it('uses the stand-in only when WHITELIST_API_URL says "stand-in", else the configured address', () => {
    expect(whitelistOptions({ WHITELIST_API_URL: 'stand-in' }).fetch).toBe(standinFetch);
    expect(whitelistOptions({ WHITELIST_API_URL: 'https://wl-api.mf.gov.pl' })).toEqual({
      baseUrl: 'https://wl-api.mf.gov.pl',
    });
  });
});

describe('GET /api/company/<nip>', () => {
  it('answers 200 {name, vatStatus, regon, krs, address} for 5260250274, in any usual notation', async () => {
    for (const nip of ['5260250274', '526-025-02-74', 'PL5260250274']) {
      const res = await request(`/api/company/${encodeURIComponent(nip)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        name: 'MINISTERSTWO FINANSÓW',
        vatStatus: 'Czynny',
        regon: '000002217',
        krs: null,
        address: 'ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA',
      });
    }
  });

  it('refuses a NIP with a wrong checksum with 400 and a Polish message, without asking the API', async () => {
    for (const nip of ['5260250275', '123', 'abcdefghij', '0000000000']) {
      const res = await request(`/api/company/${nip}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: NIP_ERROR });
    }
  });

  it('answers 404 when not in the register and 503 when the API fails: nothing is typed by hand instead', async () => {
    const missing = await request('/api/company/8390000092');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: ORDER_API_ERRORS.companyNotFound });
    const down = await request(`/api/company/${STANDIN_NIPS.apiError}`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: ORDER_API_ERRORS.companyUnavailable });
  });

  it('limits look-ups per visitor with the figures of wrangler.toml (429)', async () => {
    const limited = { ...testEnv, COMPANY_LOOKUP_RATE_LIMIT: testEnv.COMPANY_LOOKUP_RATE_LIMIT_CONFIGURED };
    const ask = () =>
      companyLookup.request(`/${STANDIN_NIPS.active}`, { headers: { 'CF-Connecting-IP': '192.0.2.77' } }, limited);
    // 10 a minute: the 11th look-up of a window is refused. The limiter counts in fixed 60 s windows,
    // so on a slow machine the asks may straddle two of them: then the refusal comes by the 21st.
    const statuses: number[] = [];
    let refused: Response | undefined;
    while (!refused && statuses.length < 21) {
      const res = await ask();
      statuses.push(res.status);
      if (res.status !== 200) refused = res;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toEqual({ error: ORDER_API_ERRORS.lookupTooMany });
    // Another visitor is not refused.
    const other = await companyLookup.request(
      `/${STANDIN_NIPS.active}`,
      { headers: { 'CF-Connecting-IP': '192.0.2.78' } },
      limited,
    );
    expect(other.status).toBe(200);
  });
});

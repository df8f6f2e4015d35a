/**
 * The company look-up behind `GET /api/company/<nip>` and the order form: the cached
 * answer when one is younger than 24 h, else the White List client (cached when it
 * answers). `WHITELIST_API_URL` names the API; "stand-in" answers from the built-in
 * stand-in (standin.ts), which `npm start` and the tests use.
 */
import { cachedLookup, storeLookup } from './model.ts';
import { type CompanyData, type WhitelistOptions, lookupNip } from './whitelist-client.ts';
import { standinFetch } from './whitelist-standin.ts';

/** The value of `WHITELIST_API_URL` that selects the stand-in. */
export const STANDIN = 'stand-in';

export type CompanyLookup =
  | { kind: 'found'; company: CompanyData; cached: boolean }
  | { kind: 'notFound'; cached: boolean }
  | { kind: 'unavailable' };

/** The client's options for an environment: the real API, or the stand-in. */
export function whitelistOptions(env: { WHITELIST_API_URL?: string }): WhitelistOptions {
  const url = env.WHITELIST_API_URL?.trim() || 'https://wl-api.mf.gov.pl';
  return url === STANDIN ? { baseUrl: 'https://wl-api.stand-in.invalid', fetch: standinFetch } : { baseUrl: url };
}

/** A NIP (10 digits, checksum checked) from the cache or the White List. */
export async function findCompany(db: D1Database, nip: string, options: WhitelistOptions): Promise<CompanyLookup> {
  try {
    const cached = await cachedLookup(db, nip);
    if (cached)
      return cached.found
        ? { kind: 'found', company: cached.company, cached: true }
        : { kind: 'notFound', cached: true };
  } catch (error) {
    console.error('company look-up: the cache could not be read', error);
  }
  const answer = await lookupNip(nip, options);
  if (answer.kind === 'unavailable') {
    console.warn('company look-up: the White List did not answer', { nip, reason: answer.reason });
    return { kind: 'unavailable' };
  }
  try {
    await storeLookup(db, nip, answer.kind === 'found' ? { found: true, company: answer.company } : { found: false });
  } catch (error) {
    console.error('company look-up: the answer could not be cached', error);
  }
  return answer.kind === 'found'
    ? { kind: 'found', company: answer.company, cached: false }
    : { kind: 'notFound', cached: false };
}

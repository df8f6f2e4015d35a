/**
 * The client of the Ministry of Finance's White List API (wykaz podatników VAT):
 * `GET {base}/api/search/nip/{nip}?date=YYYY-MM-DD`. It answers what the order form needs
 * (name, VAT status, REGON, KRS, address, the accounts it lists, its request id) or says
 * why it cannot: the register does not know the NIP (`notFound`), or the API is down,
 * slow, over its limit or answering something else (`unavailable`).
 */
import { warsawToday } from '../../widgets/core/warsaw-time.ts';

/** The MF's VAT statuses: 'Czynny' is an active VAT taxpayer. */
export type VatStatus = 'Czynny' | 'Zwolniony' | 'Niezarejestrowany';

/** `GET /api/company/<nip>`'s answer (DESIGN §8). */
export interface CompanyData {
  name: string;
  vatStatus: VatStatus;
  regon: string | null;
  krs: string | null;
  /** The working address, else the residence address, as the register writes it. */
  address: string | null;
  /** The bank accounts the register lists for the NIP (26 digits each, NRB): a verification transfer must come from one. */
  accountNumbers: string[];
  /** The register's id of this answer and when it was given: the evidence of what the register said. */
  requestId: string | null;
  requestDateTime: string | null;
}

export type WhitelistAnswer =
  | { kind: 'found'; company: CompanyData }
  | { kind: 'notFound' }
  | { kind: 'unavailable'; reason: string };

export interface WhitelistOptions {
  /** The API's base URL, e.g. `https://wl-api.mf.gov.pl`. */
  baseUrl: string;
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Give up after this long (ms); default 5000. */
  timeoutMs?: number;
  now?: Date;
}

const VAT_STATUSES: readonly string[] = ['Czynny', 'Zwolniony', 'Niezarejestrowany'] satisfies VatStatus[];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The subject of a documented answer, or why it is not one. */
function companyOf(body: unknown): WhitelistAnswer {
  const result = (body as { result?: unknown } | null)?.result;
  if (!result || typeof result !== 'object') return { kind: 'unavailable', reason: 'no result' };
  const subject = (result as { subject?: unknown }).subject;
  if (subject === null || subject === undefined) return { kind: 'notFound' };
  if (typeof subject !== 'object') return { kind: 'unavailable', reason: 'subject is not an object' };
  const s = subject as Record<string, unknown>;
  const name = text(s.name);
  const vatStatus = text(s.statusVat);
  if (!name || !vatStatus || !VAT_STATUSES.includes(vatStatus))
    return { kind: 'unavailable', reason: 'subject without a name or a known statusVat' };
  const accounts = Array.isArray(s.accountNumbers) ? s.accountNumbers : [];
  const meta = result as { requestId?: unknown; requestDateTime?: unknown };
  return {
    kind: 'found',
    company: {
      name,
      vatStatus: vatStatus as VatStatus,
      regon: text(s.regon),
      krs: text(s.krs),
      address: text(s.workingAddress) ?? text(s.residenceAddress),
      accountNumbers: accounts.filter((a): a is string => typeof a === 'string' && /^\d{26}$/.test(a)),
      requestId: text(meta.requestId),
      requestDateTime: text(meta.requestDateTime),
    },
  };
}

/**
 * Looks a NIP (10 digits, checked by the caller) up in the White List on today's date in Warsaw.
 * @example await lookupNip('5260250274', { baseUrl: 'https://wl-api.mf.gov.pl' })
 */
export async function lookupNip(nip: string, options: WhitelistOptions): Promise<WhitelistAnswer> {
  const opts = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init), timeoutMs: 5000, ...options };
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/api/search/nip/${encodeURIComponent(nip)}?date=${warsawToday(opts.now)}`;
  let response: Response;
  try {
    response = await opts.fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (error) {
    return { kind: 'unavailable', reason: `no answer: ${error instanceof Error ? error.message : 'unknown'}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'unavailable', reason: `HTTP ${response.status}, not JSON` };
  }
  if (!response.ok) {
    const e = body as { code?: unknown; message?: unknown } | null;
    return {
      kind: 'unavailable',
      reason: `HTTP ${response.status} ${text(e?.code) ?? ''} ${text(e?.message) ?? ''}`.trim(),
    };
  }
  return companyOf(body);
}

// The KSeF tests' helpers: a fresh KSeF of the stand-in per test (its own keys, tokens, invoices
// and switches), issued test invoices written as issuing writes them (the invoice and its
// 'queued' ksef_invoices row in one D1 batch), and a hand-driven clock.
import { env } from 'cloudflare:workers';
import { sha256, toBase64Url, utf8 } from '../../worker/invoices/ksef/crypto.ts';
import type { Clock } from '../../worker/invoices/ksef/clock.ts';
import type { KsefEnv } from '../../worker/invoices/ksef/sender.ts';
import { fa3Xml } from '../../worker/invoices/ksef/test-invoices.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';

export const testEnv = env as unknown as Env & { KSEF_TOKEN: string; KSEF_STANDIN_ORIGIN: string };
export const db = () => testEnv.DB;

export const SELLER = '5265877635';

async function control(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${testEnv.KSEF_STANDIN_ORIGIN}/__standin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`stand-in ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export interface StandInReport {
  accepted: { ksefNumber: string; number: string; nip: string; session: string; offline: boolean }[];
  invoices: { ref: string; session: string; code: number; number?: string }[];
  sessions: { ref: string; kind: 'online' | 'batch'; code: number; invoices: number }[];
  counts: Record<string, number>;
}

/** A KSeF of its own for one test, and the sender's environment pointed at it. */
export async function freshKsef(nip: string | null = SELLER) {
  const { id, baseUrl } = (await control('tenants', {})) as { id: string; baseUrl: string };
  const { token } = (await control(`tenants/${id}/tokens`, { nip })) as { token: string };
  const ksefEnv: KsefEnv = {
    DB: testEnv.DB,
    EMAIL_QUEUE: testEnv.EMAIL_QUEUE,
    KSEF_API_URL: baseUrl,
    KSEF_TOKEN: token,
  };
  return {
    id,
    baseUrl,
    token,
    env: ksefEnv,
    switches: (switches: Record<string, unknown>) => control(`tenants/${id}/switches`, switches),
    rotateKeys: (emergency: boolean) => control(`tenants/${id}/rotate-keys`, { emergency }),
    token2: async (tokenNip: string | null) =>
      ((await control(`tenants/${id}/tokens`, { nip: tokenNip })) as { token: string }).token,
    certificate: (certNip: string, kind: 'person' | 'seal', keyType: 'rsa' | 'ec' = 'rsa') =>
      control(`tenants/${id}/certificates`, { nip: certNip, kind, keyType }) as Promise<{
        certificate: string;
        privateKey: string;
      }>,
    report: () => control(`tenants/${id}/report`) as Promise<StandInReport>,
  };
}

let seq = 0;
/** This file's numbers of the year's series start here (invoices are unique per year and number). */
const seqBase = Math.floor(Math.random() * 1e6) * 1000;

/** Empties the KSeF tables and the test invoices (storage is per file, tests in a file share it). */
export async function resetKsef(): Promise<void> {
  await db().batch([
    db().prepare('DELETE FROM ksef_invoices'),
    db().prepare('DELETE FROM invoices'),
    db().prepare('DELETE FROM ksef_sessions'),
    db().prepare('DELETE FROM ksef_requests'),
    db().prepare('UPDATE ksef_lease SET holder = NULL, expires_at_ms = 0'),
  ]);
}

export interface Issued {
  id: string;
  number: string;
  xml: string;
}

/**
 * Issues a test invoice as the invoices feature does: the invoice (its FA(3) as issued and the
 * SHA-256 of it) and its 'queued' ksef_invoices row in one batch.
 */
export async function issue(options: { nip?: string; issueDate?: string; corrects?: string } = {}): Promise<Issued> {
  // Every time, not once per module: the test files share their modules (isolate: false) but a file's
  // own storage may not hold the contract an earlier file's run wrote (a FOREIGN KEY failure, seen).
  await db()
    .prepare(
      `INSERT OR IGNORE INTO contracts (id, number, year, seq, company, start_date, term_months, catalogue_version, created_by)
       VALUES ('c-ksef', 'UM-2026-999999', 2026, 999999, 'Biuro Rachunkowe Żółć', '2026-01-01', 36, 0, 'test')`,
    )
    .run();
  seq += 1;
  const id = crypto.randomUUID();
  const issueDate = options.issueDate ?? warsawToday();
  const year = Number(issueDate.slice(0, 4));
  const number = `FV/${year}/T${String(seq).padStart(5, '0')}/${id.slice(0, 4)}`;
  const xml = fa3Xml({ number, sellerNip: options.nip ?? SELLER, issueDate });
  const hash = toBase64Url(await sha256(utf8(xml)));
  const period = `${1900 + Math.floor(seq / 12)}-${String((seq % 12) + 1).padStart(2, '0')}`;
  await db().batch([
    db()
      .prepare(
        `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
                               seller_nip, buyer_nip, xml, xml_sha256, corrects_id, created_by)
         VALUES (?, ?, ?, ?, ?, 'c-ksef', ?, ?, ?, 12300, 2829, 15129, ?, '6808208874', ?, ?, ?, 'test')`,
      )
      .bind(
        id,
        number,
        year,
        seqBase + seq,
        options.corrects ? 'KOR' : 'VAT',
        period,
        issueDate,
        issueDate,
        options.nip ?? SELLER,
        xml,
        hash,
        options.corrects ?? null,
      ),
    db().prepare("INSERT INTO ksef_invoices (invoice_id, status) VALUES (?, 'queued')").bind(id),
  ]);
  return { id, number, xml };
}

export interface KsefRow {
  invoice_id: string;
  status: string;
  ksef_number: string | null;
  upo: string | null;
  session_ref: string | null;
  invoice_ref: string | null;
  offline: number;
  send_by: string | null;
  status_code: number | null;
  error: string | null;
  attempts: number;
  next_attempt_at: string | null;
}

export async function rowOf(id: string): Promise<KsefRow> {
  const row = await db().prepare('SELECT * FROM ksef_invoices WHERE invoice_id = ?').bind(id).first<KsefRow>();
  if (!row) throw new Error(`no ksef_invoices row for ${id}`);
  return row;
}

export const rowsOf = (ids: readonly string[]): Promise<KsefRow[]> => Promise.all(ids.map(rowOf));

/** A clock at a fixed offset from real time (a lease's or a limit's expiry passes at once); waits are real. */
export function clockAhead(ms: number): Clock {
  return { now: () => Date.now() + ms, sleep: (wait) => new Promise((r) => setTimeout(r, Math.max(0, wait))) };
}

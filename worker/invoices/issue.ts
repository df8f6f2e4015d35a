/**
 * Issuing a month's invoices: for every contract running in the month without its VAT
 * invoice yet, the bill (worker/meter/bill.ts) becomes an FA(3) invoice, numbered in the
 * issue year's series and written with its XML, its document and its 'queued' KSeF row in
 * one batch (model.ts). Once per contract and month whatever is retried or raced: a second
 * run, or one beside it, skips what is issued. Run by the owner's button
 * (`POST /api/admin/invoices/issue`) and by the cron on the configured business day of the
 * next month (`issueDueInvoices`).
 */
import type { Bill } from '../meter/bill.ts';
import { type Contract, billsOf, contractsPage } from '../contracts/index.ts';
import { isWorkingDay } from '../admin-shared/business-hours.ts';
import { monthBefore } from '../admin-shared/admin-api-invoices.ts';
import { enqueueKsef } from './ksef/queue.ts';
import { warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';
import { type Buyer, type InvoiceDocument, type Seller, invoiceOf, sellerOf } from './document.ts';
import { fa3Xml } from './fa3.ts';
import { fa3Problems } from './fa3-check.ts';
import { invoiceHash } from './kod-i.ts';
import {
  type InvoiceToInsert,
  invoiceNumber,
  invoicedContracts,
  issueStatements,
  nextSeq,
  recordRun,
  runOf,
  unfinishedRun,
} from './model.ts';

/**
 * Contracts billed per batch (their devices, rates and readings in three queries), and looked at
 * per call of `issueMonth`: 200 invoices take about 420 of the 1 000 queries D1 answers a Worker
 * invocation (a page, three for the bills, one for what is issued, and per 25 invoices the next
 * number, 50 inserts and a check), which leaves the cron's other jobs theirs. A month of more
 * contracts goes on in the next call from where this one stopped.
 */
export const CONTRACT_BATCH = 200;
/** Invoices written per D1 batch (two statements each). */
const INSERT_BATCH = 25;
/** How often an invoice is built again after losing its number to a run beside it. */
const MAX_ATTEMPTS = 50;

/** The buyer of a contract's invoices: as the contract names them (company, NIP, registered address, JST, GV). */
export const buyerOf = (c: Contract): Buyer => ({
  nip: c.nip,
  name: c.company,
  address: c.companyAddress,
  jst: c.buyerJst,
  gv: c.buyerGv,
  unit: c.buyerUnit,
});

export interface IssueOptions {
  /** The issue date, 'YYYY-MM-DD' (Warsaw); today by default. */
  issueDate?: string;
  /** Who issued: the owner's name, or 'system' for the cron. */
  createdBy: string;
  now?: Date;
  seller?: Seller;
  /** Told the ids of each batch of invoices written: the KSeF queue takes them (./ksef/queue.ts). */
  onWritten?: (ids: string[]) => Promise<unknown>;
}

/** A bill's invoice without its number yet: the number is given when it is written. */
interface Pending {
  contract: Contract;
  bill: Bill;
  id: string;
}

/** The contract's date on the invoice (FA(3) DataUmowy): the day it was signed, Warsaw time. */
const signedOn = (c: Contract): string => warsawDay(new Date(c.createdAt));

async function built(p: Pending, seq: number, year: number, o: Required<Omit<IssueOptions, 'now'>> & { now: Date }) {
  const doc: InvoiceDocument = invoiceOf(p.bill, {
    number: invoiceNumber(year, seq),
    issueDate: o.issueDate,
    createdAt: o.now.toISOString(),
    contract: { number: p.contract.number, date: signedOn(p.contract), startDate: p.contract.startDate },
    seller: o.seller,
    buyer: buyerOf(p.contract),
  });
  const xml = fa3Xml(doc);
  return {
    id: p.id,
    seq,
    doc,
    contractId: p.contract.id,
    xml,
    xmlSha256: await invoiceHash(xml),
    correctsId: null,
    createdBy: o.createdBy,
  } satisfies InvoiceToInsert;
}

/**
 * Writes the pending invoices, numbering them from the year's next number. Answers how many
 * went in; an invoice that lost its number to a run beside it is built again with the next
 * free one, and one whose month was invoiced meanwhile is skipped.
 */
async function write(
  db: D1Database,
  pending: Pending[],
  o: Required<Omit<IssueOptions, 'now'>> & { now: Date },
): Promise<{ issued: number; skipped: number }> {
  const year = Number(o.issueDate.slice(0, 4));
  let issued = 0;
  let skipped = 0;
  let left = pending;
  let lost = 0;
  while (left.length > 0) {
    if (lost >= MAX_ATTEMPTS) throw new Error('invoices: no free number after many attempts');
    const chunk = left.slice(0, INSERT_BATCH);
    const first = await nextSeq(db, year);
    const rows = await Promise.all(chunk.map((p, i) => built(p, first + i, year, o)));
    const results = await db.batch(rows.flatMap((row) => issueStatements(db, row)));
    const missed = chunk.filter((_, i) => (results[2 * i]?.meta.changes ?? 0) === 0);
    issued += chunk.length - missed.length;
    await o.onWritten(chunk.filter((p) => !missed.includes(p)).map((p) => p.id));
    // What missed was raced: issued by another run (skip it) or numbered past (try again).
    const done = await invoicedContracts(
      db,
      missed.map((p) => p.contract.id),
      chunk[0]?.bill.period ?? '',
    );
    skipped += missed.filter((p) => done.has(p.contract.id)).length;
    left = [...missed.filter((p) => !done.has(p.contract.id)), ...left.slice(chunk.length)];
    lost = missed.length === 0 ? 0 : lost + 1;
  }
  return { issued, skipped };
}

/** A contract whose invoice the FA(3) schema would refuse: not issued until its data is put right. */
export interface Held {
  contract: string;
  problems: string[];
}

/** What a call of `issueMonth` did; `next` is where to go on from when contracts are left. */
export interface Issued {
  issued: number;
  skipped: number;
  /** Not issued (only when any): the invoice would break the FA(3) schema (fa3-check.ts); issuing the month again (the owner's button) issues it once the data is right. */
  held?: Held[];
  next?: string;
}

/**
 * Issues the month's invoices of the next `CONTRACT_BATCH` running contracts after contract
 * number `after` (from the first when none) that have none: `{issued, skipped, next}`, `next`
 * only when contracts are left for another call.
 */
export async function issueMonth(
  db: D1Database,
  period: string,
  options: IssueOptions & { after?: string | undefined },
): Promise<Issued> {
  const now = options.now ?? new Date();
  const o = {
    createdBy: options.createdBy,
    now,
    issueDate: options.issueDate ?? warsawToday(now),
    seller: options.seller ?? sellerOf(),
    onWritten: options.onWritten ?? (async () => undefined),
  };
  const found = await contractsPage(db, {
    limit: CONTRACT_BATCH,
    after: options.after === undefined ? undefined : [options.after],
  });
  const batch = found.slice(0, CONTRACT_BATCH);
  const bills = await billsOf(db, batch, period);
  const byNumber = new Map(batch.map((c) => [c.number, c]));
  const done = await invoicedContracts(
    db,
    batch.map((c) => c.id),
    period,
  );
  let skipped = 0;
  const pending: Pending[] = [];
  const held: Held[] = [];
  const year = Number(o.issueDate.slice(0, 4));
  for (const bill of bills) {
    const contract = byNumber.get(bill.contract);
    if (!contract || bill.lines.length === 0) continue;
    if (done.has(contract.id)) {
      skipped++;
      continue;
    }
    const p = { contract, bill, id: crypto.randomUUID() };
    // What KSeF would reject (the schema's NIP pattern, a name's length …) is not issued: no number is spent on it.
    const problems = fa3Problems((await built(p, 1, year, o)).xml);
    if (problems.length) held.push({ contract: contract.number, problems });
    else pending.push(p);
  }
  if (held.length) console.warn('invoices: not issued, the FA(3) schema would refuse them', { period, held });
  const written = await write(db, pending, o);
  const last = batch.at(-1)?.number;
  return {
    issued: written.issued,
    skipped: skipped + written.skipped,
    ...(held.length ? { held } : {}),
    ...(found.length > CONTRACT_BATCH && last ? { next: last } : {}),
  };
}

/**
 * One call of a month's run, recorded: it goes on from where the last call of an unfinished run
 * stopped (`fresh` starts from the first contract), and finishes the run when no contract is left.
 */
export async function issueRunPart(
  db: D1Database,
  period: string,
  options: IssueOptions & { fresh?: boolean },
): Promise<Issued> {
  const run = options.fresh ? null : await runOf(db, period);
  const after = run && !run.finished_at ? (run.after_contract ?? undefined) : undefined;
  const result = await issueMonth(db, period, { ...options, after });
  await recordRun(db, period, { ...result, after: result.next ?? null, fresh: after === undefined });
  return result;
}

/** The `n`-th working day of a month ('YYYY-MM'), 'YYYY-MM-DD': Mondays to Fridays but Polish holidays. */
export function nthWorkingDay(period: string, n: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  let count = 0;
  for (let day = 1; day <= 31; day++) {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1) break;
    if (isWorkingDay({ year, month, day }) && ++count === n) return date.toISOString().slice(0, 10);
  }
  throw new Error(`${period} has fewer than ${n} working days`);
}

/** The working day of the month on which last month's invoices are issued (wrangler.toml `INVOICE_WORKING_DAY`, 1–10; 3 unless set). */
export function invoiceWorkingDay(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 3;
}

/**
 * The cron's part (every minute): a month's run left part-way goes on; from the configured
 * working day of a month (Warsaw) on, last month's invoices are issued, once: the run is
 * recorded, so later runs that month do nothing.
 */
export async function issueDueInvoices(
  env: Pick<Env, 'DB' | 'INVOICE_WORKING_DAY'> & Partial<Pick<Env, 'KSEF_QUEUE'>>,
  now = new Date(),
): Promise<{ period: string | null; issued: number; skipped: number; held?: Held[]; more?: true }> {
  const today = warsawToday(now);
  const options: IssueOptions = {
    createdBy: 'system (cron)',
    now,
    issueDate: today,
    // Each written part goes on the KSeF queue (the sweep sends it anyway if this fails).
    onWritten: async (ids) => env.KSEF_QUEUE && enqueueKsef({ KSEF_QUEUE: env.KSEF_QUEUE }, ids),
  };
  const open = await unfinishedRun(env.DB);
  let period = open?.period;
  if (!period) {
    const due = nthWorkingDay(today.slice(0, 7), invoiceWorkingDay(env.INVOICE_WORKING_DAY));
    if (today < due) return { period: null, issued: 0, skipped: 0 };
    period = monthBefore(today.slice(0, 7));
    if ((await runOf(env.DB, period))?.finished_at) return { period, issued: 0, skipped: 0 };
  }
  const { next, ...counts } = await issueRunPart(env.DB, period, options);
  return { period, ...counts, ...(next ? { more: true as const } : {}) };
}

/**
 * Issuing a month's invoices, the month's run at its start: for every contract, the invoices
 * that are due (compose.ts: the month's fee in advance with the month before's pages, a month
 * before left without its invoice — a first month that began after its run, a last month now
 * ended — and a last month once it ended) become FA(3) invoices, numbered in the issue year's
 * series and written with their XML, document and 'queued' KSeF row in one batch (model.ts).
 * Once per contract and month whatever is retried or raced: a second run, or one beside it,
 * skips what is issued. Run by the owner's button (`POST /api/admin/invoices/issue`) and by
 * the cron on the configured business day of the month (`issueDueInvoices`).
 */
import { funnelStatements } from '../funnel/index.ts';
import type { Bill } from '../meter/bill.ts';
import { type Contract, billsOfMonths, contractsPage } from '../contracts/index.ts';
import { acceptedAtOf } from '../orders/index.ts';
import { isWorkingDay } from '../admin-shared/business-hours.ts';
import { monthBefore } from '../admin-shared/admin-api-invoices.ts';
import { enqueueKsef } from './ksef/queue.ts';
import { warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';
import { type Buyer, type InvoiceDocument, type Seller, invoiceOf, sellerOf } from './document.ts';
import { type InvoiceBills, hasLines, invoiceBills, isDue } from './compose.ts';
import { fa3Xml } from './fa3.ts';
import { fa3Problems } from './fa3-check.ts';
import { invoiceHash } from './kod-i.ts';
import {
  type InvoiceToInsert,
  invoiceNumber,
  invoicedContracts,
  issueStatements,
  nextSeq,
  pagesInvoicedIn,
  recordRun,
  runOf,
  unfinishedRun,
} from './model.ts';

/**
 * Contracts billed per batch (their devices, rates and readings of three months in three queries),
 * and looked at per call of `issueMonth`: up to two invoices each (the month's, and the month
 * before's when it has none: a first month begun after its run, a last month, the switch to fees
 * in advance), 200 invoices take about 430 of the 1 000 queries D1 answers a Worker invocation
 * (a page, three for the bills, five for what is issued, the signings, and per 25 invoices the
 * next number, 50 inserts and a check), which leaves the cron's other jobs theirs. A month of
 * more contracts goes on in the next call from where this one stopped.
 */
export const CONTRACT_BATCH = 100;
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

/** An invoice's bills without its number yet: the number is given when it is written. */
interface Pending {
  contract: Contract;
  bills: InvoiceBills;
  /** FA(3) DataUmowy: the day the contract was signed. */
  signedOn: string;
  id: string;
}

/**
 * The contract's date on its invoices (FA(3) DataUmowy, the copy's "z dnia"): the day the customer
 * signed it (an online order's acceptance, Warsaw time), or its start for one the team entered.
 * Never the day the row was typed.
 */
export const signedOn = (c: Contract, acceptedAt: string | undefined): string =>
  acceptedAt ? warsawDay(new Date(acceptedAt)) : c.startDate;

/** When the orders of contracts were signed, by order id (the contracts of online orders). */
export const signingsOf = (db: D1Database, contracts: readonly Contract[]): Promise<Map<string, string>> =>
  acceptedAtOf(
    db,
    contracts.flatMap((c) => (c.orderRef ? [c.orderRef] : [])),
  );

async function built(p: Pending, seq: number, year: number, o: Required<Omit<IssueOptions, 'now'>> & { now: Date }) {
  const doc: InvoiceDocument = invoiceOf(p.bills, {
    number: invoiceNumber(year, seq),
    issueDate: o.issueDate,
    createdAt: o.now.toISOString(),
    contract: { number: p.contract.number, date: p.signedOn },
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
    const results = await db.batch([
      ...rows.flatMap((row) => issueStatements(db, row)),
      // "Od kliknięcia do przelewu": the net invoiced of these contracts' leads.
      ...funnelStatements(db, { invoices: rows.map((row) => row.id) }),
    ]);
    const missed = chunk.filter((_, i) => (results[2 * i]?.meta.changes ?? 0) === 0);
    issued += chunk.length - missed.length;
    await o.onWritten(chunk.filter((p) => !missed.includes(p)).map((p) => p.id));
    // What missed was raced: issued by another run (skip it) or numbered past (try again).
    const done = new Set<string>();
    for (const period of new Set(missed.map((p) => p.bills.fee.period))) {
      const ids = missed.filter((p) => p.bills.fee.period === period).map((p) => p.contract.id);
      for (const id of await invoicedContracts(db, ids, period)) done.add(`${period} ${id}`);
    }
    const raced = (p: Pending) => done.has(`${p.bills.fee.period} ${p.contract.id}`);
    skipped += missed.filter(raced).length;
    left = [...missed.filter((p) => !raced(p)), ...left.slice(chunk.length)];
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
 * The invoices due in the run of `period` for a batch of contracts, in the order they are
 * numbered (the month before's, then the month's): per contract and month without its VAT
 * invoice that is due on the issue date (compose.ts `isDue`) and bills anything.
 */
async function dueOf(
  db: D1Database,
  batch: Contract[],
  period: string,
  issueDate: string,
): Promise<{ pending: Pending[]; skipped: number }> {
  const before = monthBefore(period);
  const months = [monthBefore(before), before, period];
  const ids = batch.map((c) => c.id);
  const [bills, issuedBefore, issuedNow, pagesBefore, pagesEarlier, signings] = await Promise.all([
    billsOfMonths(db, batch, months),
    invoicedContracts(db, ids, before),
    invoicedContracts(db, ids, period),
    pagesInvoicedIn(db, ids, before),
    pagesInvoicedIn(db, ids, months[0] as string),
    signingsOf(db, batch),
  ]);
  let skipped = 0;
  // The month before's invoices first, so a month's numbers run together.
  const pending: [Pending[], Pending[]] = [[], []];
  for (const contract of batch) {
    const billOf = (m: string): Bill | undefined => bills.get(m)?.get(contract.id);
    const signed = signedOn(contract, contract.orderRef ? signings.get(contract.orderRef) : undefined);
    for (const [i, month, issued, pagesBilled] of [
      [0, before, issuedBefore, pagesEarlier],
      [1, period, issuedNow, pagesBefore],
    ] as const) {
      const due =
        isDue(month, contract, issueDate) && invoiceBills(month, billOf, contract, pagesBilled.has(contract.id));
      if (!due || !hasLines(due)) continue;
      if (issued.has(contract.id)) skipped += month === period ? 1 : 0;
      else pending[i].push({ contract, bills: due, signedOn: signed, id: crypto.randomUUID() });
    }
  }
  return { pending: pending.flat(), skipped };
}

/**
 * Issues the invoices due in the run of `period` ('YYYY-MM') of the next `CONTRACT_BATCH`
 * contracts after contract number `after` (from the first when none): `{issued, skipped, next}`,
 * `next` only when contracts are left for another call.
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
  const due = await dueOf(db, batch, period, o.issueDate);
  const skipped = due.skipped;
  const pending: Pending[] = [];
  const held: Held[] = [];
  const year = Number(o.issueDate.slice(0, 4));
  for (const p of due.pending) {
    // What KSeF would reject (the schema's NIP pattern, a name's length …) is not issued: no number is spent on it.
    const problems = fa3Problems((await built(p, 1, year, o)).xml);
    if (problems.length) held.push({ contract: p.contract.number, problems });
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
 * working day of a month (Warsaw) on, the month's run issues what is due (its fees in advance,
 * last month's pages, last month's invoices left to issue), once: the run is recorded, so later
 * runs that month do nothing.
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
    period = today.slice(0, 7);
    if ((await runOf(env.DB, period))?.finished_at) return { period, issued: 0, skipped: 0 };
  }
  const { next, ...counts } = await issueRunPart(env.DB, period, options);
  return { period, ...counts, ...(next ? { more: true as const } : {}) };
}

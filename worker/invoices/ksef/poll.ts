/**
 * A KSeF sender run's polling: the sessions of a seller's sent invoices asked until each invoice
 * has its status, each row settled (accepted with its KSeF number, a duplicate adopting the
 * original's, requeued or rejected), and the UPOs fetched while the run's share lasts.
 */
import { KsefError, type SessionInvoice } from './api.ts';
import { base64UrlToBase64 } from './crypto.ts';
import type { Pacer } from './pacer.ts';
import {
  type Acceptance,
  acceptedManyStatement,
  acceptedWithoutUpo,
  rejectedStatement,
  requeueStatement,
  type SentInvoice,
  sentInvoices,
  uposStatement,
} from './model.ts';
import { openSessions, sessionClosed } from './model-ksef-sessions.ts';
import { isKsefNumber } from './number.ts';
import { type Run, OutOfTime, call, message, renew, retryAt, runStatements } from './run.ts';
import { closeSession } from './deliver.ts';

/** The status polling of one run stops after this long; the next run polls on. */
const POLL_BUDGET_MS = 3 * 60_000;
/** A session status after which nothing more happens in it. */
const FINAL_SESSION = new Set([200, 405, 415, 420, 430, 435, 440, 445, 500]);
/** An invoice status saying the invoice itself may go again (the session failed, KSeF cancelled it). */
const RETRYABLE_INVOICE = new Set([405, 435, 500, 550]);

/** The UPO of an accepted invoice: its download link (outside the limits), else the API. */
async function fetchUpo(
  run: Run,
  nip: string,
  pacer: Pacer,
  session: string,
  ksefNumber: string,
  link?: string | null,
): Promise<string | null> {
  try {
    const upo = link
      ? await run.api.download(link)
      : await call(run, nip, pacer, 'sessionsOther', (token) => run.api.invoiceUpo(token, session, ksefNumber));
    if (!upo.includes(ksefNumber)) throw new Error('the UPO does not name the invoice');
    return upo;
  } catch (error) {
    if (error instanceof OutOfTime) return null;
    console.warn('KSeF: UPO not fetched now', { session, ksefNumber, error: message(error) });
    return null;
  }
}

/** What settling one row takes: an acceptance (written many to a statement), or its own statement. */
type Settled =
  | { acceptance: Acceptance; count: 'accepted' | 'duplicates' }
  | { statement: D1PreparedStatement; count: 'rejected' | 'requeued' };

/** The UPO of an accepted invoice while the run's share lasts (the rest are fetched by later runs). */
async function upoIfBudget(
  run: Run,
  nip: string,
  pacer: Pacer,
  session: string,
  ksefNumber: string,
  link?: string | null,
) {
  if (run.upoBudget <= 0) return null;
  run.upoBudget--;
  return fetchUpo(run, nip, pacer, session, ksefNumber, link);
}

/** An invoice's status in KSeF, as what its row needs; `null` while KSeF still processes it. */
async function settle(
  run: Run,
  nip: string,
  pacer: Pacer,
  row: SentInvoice,
  entry: SessionInvoice,
  session: string,
): Promise<Settled | null> {
  const { code } = entry.status;
  const now = run.clock.now();
  if (code === 100 || code === 150) return null;
  if (code === 200 && entry.ksefNumber && isKsefNumber(entry.ksefNumber))
    return {
      acceptance: {
        id: row.id,
        ksefNumber: entry.ksefNumber,
        session,
        code,
        acquiredAt: entry.acquisitionDate ?? null,
        upo: await upoIfBudget(run, nip, pacer, session, entry.ksefNumber, entry.upoDownloadUrl),
      },
      count: 'accepted',
    };
  if (code === 440) {
    // A duplicate: KSeF has this invoice already, and says under which number and session.
    const extensions = entry.status.extensions ?? {};
    const text = (entry.status.details ?? []).join(' ');
    const original = extensions.originalKsefNumber ?? /numerze KSeF: (\S+)/.exec(text)?.[1]?.replace(/[.,]$/, '');
    const originalSession = extensions.originalSessionReferenceNumber ?? /w sesji: (\S+)/.exec(text)?.[1];
    if (original && isKsefNumber(original) && originalSession) {
      console.log('KSeF: duplicate, the original number adopted', { id: row.id, ksefNumber: original });
      return {
        acceptance: {
          id: row.id,
          ksefNumber: original,
          session: originalSession,
          code,
          acquiredAt: null,
          upo: await upoIfBudget(run, nip, pacer, originalSession, original),
        },
        count: 'duplicates',
      };
    }
  }
  const reason = [entry.status.description, ...(entry.status.details ?? [])].join(' — ');
  if (RETRYABLE_INVOICE.has(code))
    return {
      statement: requeueStatement(
        run.db,
        row.id,
        'sent',
        { status: row.offline ? 'offline' : 'queued', nextAttemptAt: retryAt(now, row.attempts), error: reason, code },
        now,
      ),
      count: 'requeued',
    };
  console.error('KSeF: invoice rejected', { id: row.id, code, reason });
  return { statement: rejectedStatement(run.db, row.id, code, reason, now), count: 'rejected' };
}

/**
 * Writes what the rows' statuses say: acceptances 100 to a statement (a run stays within D1's
 * statements per invocation), the rest one each; counts the rows it changed.
 */
async function applySettled(run: Run, settled: Settled[]): Promise<void> {
  const acceptances = settled.filter((s): s is Extract<Settled, { acceptance: Acceptance }> => 'acceptance' in s);
  const kinds = new Map(acceptances.map((s) => [s.acceptance.id, s.count]));
  for (let i = 0; i < acceptances.length; i += 100) {
    const chunk = acceptances.slice(i, i + 100).map((s) => s.acceptance);
    const { results } = await acceptedManyStatement(run.db, chunk, run.clock.now()).all<{ invoice_id: string }>();
    for (const { invoice_id } of results) {
      run.report.accepted++;
      if (kinds.get(invoice_id) === 'duplicates') run.report.duplicates++;
    }
  }
  const others = settled.filter((s): s is Extract<Settled, { statement: D1PreparedStatement }> => 'statement' in s);
  for (let i = 0; i < others.length; i += 50) {
    const chunk = others.slice(i, i + 50);
    const results = await run.db.batch(chunk.map((s) => s.statement));
    results.forEach((result, n) => {
      if (result.meta.changes) run.report[(chunk[n] as (typeof chunk)[number]).count]++;
    });
  }
}

/** All of a session's invoices as KSeF lists them (pages of 1 000). */
async function sessionInvoices(run: Run, nip: string, pacer: Pacer, session: string): Promise<SessionInvoice[]> {
  const all: SessionInvoice[] = [];
  let next: string | undefined;
  do {
    const page = await call(run, nip, pacer, 'sessionInvoices', (token) =>
      run.api.sessionInvoices(token, session, next),
    );
    all.push(...page.invoices);
    next = page.continuationToken ?? undefined;
  } while (next);
  return all;
}

/** Polls the sessions of seller `nip`'s sent invoices until each has its status (or the poll's time is up). */
export async function pollSent(run: Run, nip: string, pacer: Pacer): Promise<void> {
  // Sessions a dead run left open are closed first (an online session's invoices are processed anyway).
  for (const open of await openSessions(run.db, nip, run.clock.now() - 2 * 60_000))
    await closeSession(run, nip, pacer, open.reference_number, open.kind);
  const rows = await sentInvoices(run.db, { now: run.clock.now(), limit: 10_000, sellerNip: nip });
  const bySession = new Map<string, SentInvoice[]>();
  for (const row of rows) bySession.set(row.session_ref, [...(bySession.get(row.session_ref) ?? []), row]);
  const until = Math.min(run.deadline, run.clock.now() + POLL_BUDGET_MS);
  for (const [session, sessionRows] of bySession) {
    let pending = sessionRows;
    for (let wait = 500; pending.length && run.clock.now() < until; wait = Math.min(wait * 2, 10_000)) {
      const status = await call(run, nip, pacer, 'sessionsOther', (token) => run.api.sessionStatus(token, session));
      const final = FINAL_SESSION.has(status.status.code);
      if (status.status.code === 445)
        console.warn('KSeF: session without a correct invoice (445): each invoice by its own status', { session });
      const listed = await sessionInvoices(run, nip, pacer, session);
      const byRef = new Map(listed.map((entry) => [entry.referenceNumber, entry]));
      const byFile = new Map(listed.filter((e) => e.invoiceFileName).map((e) => [e.invoiceFileName as string, e]));
      const byHash = new Map(listed.map((entry) => [entry.invoiceHash, entry]));
      const still: SentInvoice[] = [];
      const settled: Settled[] = [];
      for (const row of pending) {
        const hash = base64UrlToBase64(row.xml_sha256);
        const entry =
          (row.invoice_ref ? byRef.get(row.invoice_ref) : undefined) ?? byFile.get(`${row.id}.xml`) ?? byHash.get(hash);
        if (entry) {
          const done = await settle(run, nip, pacer, row, entry, session);
          if (done) settled.push(done);
          else still.push(row);
        } else if (final) {
          // KSeF never took it into the session (a batch that failed whole, a cancelled session): again.
          const now = run.clock.now();
          settled.push({
            statement: requeueStatement(
              run.db,
              row.id,
              'sent',
              {
                status: row.offline ? 'offline' : 'queued',
                nextAttemptAt: now,
                error: `KSeF: sesja ${session} zakończona kodem ${status.status.code} (${status.status.description})`,
                code: status.status.code,
              },
              now,
            ),
            count: 'requeued',
          });
        } else still.push(row);
      }
      await applySettled(run, settled);
      pending = still;
      if (final) await sessionClosed(run.db, session, run.clock.now(), status.status.code);
      if (pending.length) await run.clock.sleep(Math.min(wait, Math.max(0, until - run.clock.now())));
      await renew(run);
    }
  }
  // UPOs not fetched yet (a large batch's beyond this run's share, a failed download): some each
  // run, by the download links a session's list gives (outside the API's limits), the API else.
  const missing = await acceptedWithoutUpo(run.db, nip, Math.max(0, run.upoBudget));
  const upos: { id: string; upo: string }[] = [];
  const links = new Map<string, Map<string, string | null | undefined>>();
  for (const row of missing) {
    if (run.clock.now() >= until || run.upoBudget <= 0) break;
    let bySession = links.get(row.session_ref);
    if (!bySession) {
      bySession = new Map();
      try {
        for (const entry of await sessionInvoices(run, nip, pacer, row.session_ref))
          if (entry.ksefNumber) bySession.set(entry.ksefNumber, entry.upoDownloadUrl);
      } catch (error) {
        if (!(error instanceof KsefError || error instanceof OutOfTime)) throw error;
      }
      links.set(row.session_ref, bySession);
    }
    const upo = await upoIfBudget(run, nip, pacer, row.session_ref, row.ksef_number, bySession.get(row.ksef_number));
    if (upo) upos.push({ id: row.id, upo });
  }
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < upos.length; i += 50)
    statements.push(uposStatement(run.db, upos.slice(i, i + 50), run.clock.now()));
  await runStatements(run.db, statements);
}

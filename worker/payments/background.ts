/**
 * Large statements in the background (24 000 lines held a request for minutes). A
 * file of more than `BACKGROUND_LINES` (import.ts) credit lines is answered at once (202): each new
 * statement is claimed (its row, 'importing', with how many parts) together with its keyed
 * credit lines in parts of `PART_LINES`, in one batch, and a message per part goes on
 * `STATEMENT_QUEUE`. The consumer imports one part per message: matched against the open
 * invoices and waiting orders as they are then, stored, the part row deleted and the
 * statement's counts and `parts_done` raised in one batch (a part delivered twice finds no
 * row and does nothing). A part that still fails on its last attempt marks the statement
 * 'failed' with which part and why; the panel's Płatności shows the progress.
 */
import { funnelStatements } from '../funnel/index.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import type { PaymentsEnv } from './config.ts';
import {
  type KeyedLine,
  type StatementPartJob,
  linesBatch,
  matchContext,
  matchedRows,
  pendingOrders,
} from './import.ts';
import { knownLineKeys } from './model.ts';
import { deletePartStatement, failStatement, partDoneStatement, stagedPart } from './model-statement-parts.ts';

export type { StatementPartJob };

/** The queue's attempts per part (wrangler.toml `max_retries` + 1). */
export const PART_ATTEMPTS = 4;

/** Imports one staged part; false when there is none (done already). */
export async function importPart(env: Env & PaymentsEnv, job: StatementPartJob): Promise<boolean> {
  const staged = await stagedPart(env.DB, job.statementId, job.part);
  if (!staged) return false;
  const credits = JSON.parse(staged.lines) as KeyedLine[];
  const ctx = await matchContext(env);
  const pending = await pendingOrders(env.DB);
  const known = await knownLineKeys(
    env.DB,
    credits.map((c) => c.key),
  );
  const { counts, rows } = matchedRows(credits, known, new Set(), ctx);
  // Guarded by the staged row: a part imported meanwhile changes nothing here either.
  const batch: D1PreparedStatement[] = [partDoneStatement(env.DB, job.statementId, job.part, counts)];
  const mailsAt = await linesBatch(env.DB, batch, job.statementId, rows, pending, staged.origin, new Date());
  // "Od kliknięcia do przelewu": the orders verified and the invoices paid by this part's lines.
  batch.push(...funnelStatements(env.DB, { statement: job.statementId }));
  batch.push(deletePartStatement(env.DB, job.statementId, job.part));
  const results = await env.DB.batch(batch);
  for (const i of mailsAt) {
    const mailId = (results[i]?.results[0] as { id: number } | undefined)?.id;
    if (mailId !== undefined) await enqueueNotification(env, mailId);
  }
  return true;
}

/** The statement of a part that failed for good: 'failed', with the part and the reason. */
export const failPart = (db: D1Database, job: StatementPartJob, reason: string): Promise<void> =>
  failStatement(
    db,
    job.statementId,
    (parts) =>
      `Część ${job.part} z ${parts ?? '?'} nie została wczytana: ${reason}. Pozostałe części są wczytywane osobno; wpłat tej części nie ma na listach: zgłoś to administratorowi.`,
  );

/** The consumer of `kserowo-statements`: each message one part, retried by the queue; the last failure is recorded. */
export async function handleStatementBatch(
  batch: MessageBatch<StatementPartJob>,
  env: Env & PaymentsEnv,
): Promise<void> {
  for (const message of batch.messages) {
    const job = message.body;
    if (typeof job?.statementId !== 'string' || !Number.isInteger(job.part)) {
      console.error('statements: malformed queue message dropped', job);
      message.ack();
      continue;
    }
    try {
      await importPart(env, job);
      message.ack();
    } catch (error) {
      console.error('statements: a part failed', { job, attempts: message.attempts, error });
      if (message.attempts >= PART_ATTEMPTS) {
        await failPart(env.DB, job, 'nie udało się jej zapisać (przyczyna w dzienniku Workera)');
        message.ack();
      } else message.retry({ delaySeconds: 5 });
    }
  }
}

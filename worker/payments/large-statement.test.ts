// A large statement (24 000 lines held the request past 300 s) is answered at once
// (202) and imported in the background through the `kserowo-statements` queue, part by part,
// its progress listed by `GET /api/admin/bank-statements`; a part that fails for good marks the
// statement failed and says which part, and the owner's retry queues what is left once more.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StatementImport, StatementProgress } from '../admin-shared/admin-api-payments.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { PAYMENT_ERRORS } from './admin-routes.ts';
import { mt940, upload } from '../../tests/worker/statement-helpers.ts';
import { handleStatementBatch } from './background.ts';
import type { StatementPartJob } from './import.ts';

const testEnv = env as unknown as Env;

const progress = async (cookie: string, id: string) =>
  (
    (await (await read('/api/admin/bank-statements', cookie)).json()) as { statements: StatementProgress[] }
  ).statements.find((s) => s.id === id);

/**
 * A statement importing in the background, `parts` parts with `partsDone` of them imported, `unmatched`
 * lines waiting, and part 2 staged unreadable (its stored lines are no JSON); its id.
 */
async function statementWithBadPart(reference: string, parts: number, partsDone: number, unmatched: number) {
  const id = crypto.randomUUID();
  await testEnv.DB.batch([
    testEnv.DB.prepare(
      `INSERT INTO bank_statements (id, format, account, reference, file_sha256, lines, matched, unmatched, duplicates,
         uploaded_by, identity, state, parts, parts_done)
       VALUES (?1, 'mt940', NULL, ?2, 'x', 1000, 0, ?3, 0, 'test', ?1, 'importing', ?4, ?5)`,
    ).bind(id, reference, unmatched, parts, partsDone),
    testEnv.DB.prepare(
      "INSERT INTO bank_statement_parts (statement_id, part, lines, origin) VALUES (?1, 2, '{nie json', 'http://kserowo.test')",
    ).bind(id),
  ]);
  return id;
}

/** The queue delivering part 2 of statement `id` for the `attempts`-th time; `log` hears its ack or retry. */
const partTwo = (id: string, attempts: number, log: string[] = []) =>
  ({
    queue: 'kserowo-statements',
    messages: [
      {
        id: 'm',
        timestamp: new Date(),
        body: { statementId: id, part: 2 },
        attempts,
        ack: () => log.push(`ack ${attempts}`),
        retry: () => log.push(`retry ${attempts}`),
      },
    ],
  }) as unknown as MessageBatch<StatementPartJob>;

describe('a large statement', () => {
  it('answers a 24 000-line file at once and imports it in the background, part by part', async () => {
    // 24 000 credits of 1,23 zł, each with its own bank reference: 24 000 × 1,23 = 29 520,00 zł.
    const lines = Array.from({ length: 24_000 }, (_, i) => ({
      amount: '1,23',
      ref: `BIG${String(i).padStart(6, '0')}`,
      details: `051^00PRZELEW^20Wplata ${i}^32JAN NOWAK`,
    }));
    const file = mt940('900/1', lines);
    const cookie = await login();
    const started = Date.now();
    const res = await upload(file, cookie);
    const answeredMs = Date.now() - started;
    expect(res.status).toBe(202);
    const body = (await res.json()) as StatementImport;
    // 24 000 lines in parts of 500: 48 parts.
    expect(body).toMatchObject({ lines: 24_000, matched: 0, unmatched: 0, duplicates: 0, background: { parts: 48 } });
    console.log(`24 000 lines: answered in ${answeredMs} ms`);
    const id = body.statements[0]?.id ?? '';
    expect(await progress(cookie, id)).toMatchObject({ parts: 48 });
    let state: StatementProgress | undefined;
    for (let i = 0; i < 600; i++) {
      state = await progress(cookie, id);
      if (state?.state !== 'importing') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`24 000 lines: imported in the background after ${Date.now() - started} ms`);
    expect(state).toMatchObject({
      state: 'done',
      parts: 48,
      partsDone: 48,
      lines: 24_000,
      unmatched: 24_000,
      error: null,
    });
    const stored = await testEnv.DB.prepare(
      'SELECT count(*) AS n, sum(amount_gr) AS gr FROM bank_lines WHERE statement_id = ?',
    )
      .bind(id)
      .first<{ n: number; gr: number }>();
    expect(stored).toEqual({ n: 24_000, gr: 2_952_000 });
    const staged = await testEnv.DB.prepare('SELECT count(*) AS n FROM bank_statement_parts WHERE statement_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(staged?.n).toBe(0);
  }, 600_000);

  it('says which part failed when a part cannot be imported on its last attempt', async () => {
    const id = await statementWithBadPart('nr 901', 3, 1, 0);
    const acked: string[] = [];
    await handleStatementBatch(partTwo(id, 1, acked), testEnv);
    await handleStatementBatch(partTwo(id, 4, acked), testEnv);
    expect(acked).toEqual(['retry 1', 'ack 4']);
    const cookie = await login();
    const failed = await progress(cookie, id);
    expect(failed).toMatchObject({ state: 'failed', parts: 3, partsDone: 1 });
    expect(failed?.error).toMatch(/^Część 2 z 3 nie została wczytana: /);
  });

  it('imports a failed statement’s remaining part again on the owner’s retry, once', async () => {
    const id = await statementWithBadPart('nr 902', 2, 1, 500);
    await handleStatementBatch(partTwo(id, 4), testEnv);
    const cookie = await login();
    expect(await progress(cookie, id)).toMatchObject({ state: 'failed', partsDone: 1 });
    // Whatever failed is mended (here: the part's lines readable, none left to match); the owner retries.
    await testEnv.DB.prepare("UPDATE bank_statement_parts SET lines = '[]' WHERE statement_id = ?").bind(id).run();
    const retried = await write(`/api/admin/bank-statements/${id}/retry`, {}, { cookie });
    expect(retried.status).toBe(202);
    expect(await retried.json()).toEqual({ id, parts: [2] });
    let state: StatementProgress | undefined;
    for (let i = 0; i < 120; i++) {
      state = await progress(cookie, id);
      if (state?.state !== 'importing') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toMatchObject({ state: 'done', parts: 2, partsDone: 2, error: null });
    // Done: nothing to retry, said in Polish.
    const again = await write(`/api/admin/bank-statements/${id}/retry`, {}, { cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: PAYMENT_ERRORS.notFailed });
  });

  it('answers a :86: of 200 000 sub-fields at once, the title cut to what a line keeps', async () => {
    const subfields = Array.from({ length: 200_000 }, (_, i) => `^2${i % 10}x`).join('');
    const file = mt940('902/1', [{ amount: '3,00', ref: 'HUGE86', details: `051^00PRZELEW${subfields}` }]);
    const started = Date.now();
    const res = await upload(file, await login());
    console.log(`a :86: of 200 000 sub-fields: answered in ${Date.now() - started} ms`);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ lines: 1, unmatched: 1 });
    const row = await testEnv.DB.prepare(
      "SELECT length(title) AS n FROM bank_lines WHERE bank_reference = 'HUGE86'",
    ).first<{
      n: number;
    }>();
    expect(row?.n).toBeLessThanOrEqual(500);
  });
});

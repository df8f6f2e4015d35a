// The guard that holds every worker test to production's limits (tests/worker/d1-guard.ts): each
// limit refuses the first statement over it and lets the one at it pass, and the worker's entries
// count their statements as one invocation each.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { LIMITS, ProductionLimitError, asInvocation, recentInvocations, takeViolations } from './d1-guard.ts';

const db = () => env.DB;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** What the guard refused while `run` ran (and forgets it, so the test itself passes). */
async function refused(run: () => Promise<unknown>): Promise<string[]> {
  await expect(run()).rejects.toBeInstanceOf(ProductionLimitError);
  const found = takeViolations();
  expect(found.length).toBeGreaterThan(0);
  return found;
}

afterEach(() => {
  // Nothing a test here expected to be refused is left for setup.ts to fail the test with.
  expect(takeViolations()).toEqual([]);
});

describe('the D1 guard', () => {
  it('lets a query with 100 bound parameters run and refuses one with 101', async () => {
    const row = await db()
      .prepare(`SELECT ${marks(100)}`)
      .bind(...numbers(100))
      .raw();
    expect(row[0]).toHaveLength(100);
    const [problem] = await refused(() =>
      db()
        .prepare(`SELECT ${marks(101)}`)
        .bind(...numbers(101))
        .all(),
    );
    expect(problem).toContain('101 bound parameters (D1 allows 100 per query)');
  });

  it('refuses a 101-parameter statement inside a batch, before any statement of it runs', async () => {
    await db().exec('CREATE TABLE IF NOT EXISTS guard_probe (n INTEGER)');
    await refused(() =>
      db().batch([
        db().prepare('INSERT INTO guard_probe (n) VALUES (1)'),
        db()
          .prepare(`SELECT ${marks(101)}`)
          .bind(...numbers(101)),
      ]),
    );
    expect(await db().prepare('SELECT count(*) AS n FROM guard_probe').first('n')).toBe(0);
  });

  it('lets a function take 32 arguments and refuses 33', async () => {
    const args = (n: number) => numbers(n).join(', ');
    expect(
      await db()
        .prepare(`SELECT max(${args(32)}) AS m`)
        .first('m'),
    ).toBe(32);
    const [problem] = await refused(() =>
      db()
        .prepare(`SELECT max(${args(33)}) AS m`)
        .first(),
    );
    expect(problem).toContain('max() with 33 arguments (D1 allows 32 per SQL function)');
    // Nested calls are counted each on its own; json_object's pairs count as two arguments each.
    const pairs = numbers(17).flatMap((i) => [`'k${i}'`, String(i)]);
    await refused(() =>
      db()
        .prepare(`SELECT json(json_object(${pairs.join(', ')})) AS o`)
        .first(),
    );
  });

  it('lets a LIKE pattern have 50 bytes and refuses 51, literal or bound', async () => {
    const like = 'SELECT ? LIKE ? AS hit';
    expect(await db().prepare(like).bind('a', 'a'.repeat(50)).first('hit')).toBe(0);
    await refused(() => db().prepare(like).bind('a', 'a'.repeat(51)).first());
    await refused(() =>
      db()
        .prepare(`SELECT 'a' LIKE '${'a'.repeat(51)}' AS hit`)
        .first(),
    );
    // Bytes, not characters: 26 × "ś" is 52 bytes of UTF-8.
    await refused(() => db().prepare(like).bind('a', 'ś'.repeat(26)).first());
    // A pattern built in SQL counts its literal parts and its bound values together.
    await refused(() =>
      db().prepare("SELECT 'a' LIKE '%' || ? || '%' ESCAPE '\\' AS hit").bind('a'.repeat(49)).first(),
    );
    expect(await db().prepare("SELECT 'a' LIKE '%' || ? || '%' AS hit").bind('a'.repeat(48)).first('hit')).toBe(0);
    await refused(() => db().prepare('SELECT ? GLOB ? AS hit').bind('a', '*'.repeat(51)).first());
    await refused(() => db().prepare('SELECT like(?, ?) AS hit').bind('a'.repeat(51), 'a').first());
  });

  it('lets a statement have 100 000 bytes and refuses a longer one', async () => {
    const sized = (bytes: number) => `SELECT '${'x'.repeat(bytes - "SELECT ''".length)}'`;
    expect(new TextEncoder().encode(sized(LIMITS.statementBytes)).length).toBe(100_000);
    const [[text]] = (await db().prepare(sized(100_000)).raw()) as [[string]];
    expect(text.length).toBe(100_000 - 9);
    const [problem] = await refused(() => db().prepare(sized(100_001)).raw());
    expect(problem).toContain('a statement of 100001 bytes (D1 allows 100000)');
    await refused(() => db().exec(`SELECT 1; ${sized(100_001)}`));
  });

  it('lets one invocation send 1 000 statements and refuses the 1 001st', async () => {
    const [problem] = await refused(() =>
      asInvocation('a test invocation', async () => {
        await db().batch(numbers(600).map(() => db().prepare('SELECT 1')));
        for (let i = 0; i < 400; i++) await db().prepare('SELECT 1').first();
        expect(recentInvocations().at(-1)?.statements).toBe(1_000);
        await db().prepare('SELECT 1').first();
      }),
    );
    expect(problem).toContain('statement 1001 of one invocation (a test invocation)');
    // The count is per invocation: the next one starts again from nothing.
    await asInvocation('the next invocation', () => db().prepare('SELECT 1').first());
    expect(recentInvocations().at(-1)).toMatchObject({ what: 'the next invocation', statements: 1 });
  }, 60_000);

  it('counts a request through the worker, a queue batch and a scheduled run as one invocation each', async () => {
    const res = await (exports as unknown as { default: Fetcher }).default.fetch('http://kserowo.test/api/admin/leads');
    expect(res.status).toBe(401);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const scheduled = recentInvocations().find((i) => i.what === 'scheduled run */5 * * * *');
    // Every job of the five-minute cron reads D1, inside the run's invocation (waitUntil included).
    expect(scheduled?.statements).toBeGreaterThan(5);
    expect(recentInvocations().some((i) => i.what.startsWith('worker request http://kserowo.test/api/admin/'))).toBe(
      true,
    );
  });

  it('refuses a queue message over 128 KB and a sendBatch over 256 KB or 100 messages', async () => {
    const [problem] = await refused(() => env.EMAIL_QUEUE.send({ outboxId: 1, padding: 'x'.repeat(128_000) } as never));
    expect(problem).toMatch(/Queues would refuse a message of 128\d{3} bytes on EMAIL_QUEUE/);
    // Polish text is two bytes a character in V8's serialisation.
    await refused(() => env.EMAIL_QUEUE.send({ outboxId: 1, padding: 'ł'.repeat(64_000) } as never));
    await refused(() =>
      env.EMAIL_QUEUE.sendBatch(numbers(3).map(() => ({ body: { padding: 'x'.repeat(90_000) } as never }))),
    );
    await refused(() => env.EMAIL_QUEUE.sendBatch(numbers(101).map((n) => ({ body: { outboxId: n } as never }))));
  });
});

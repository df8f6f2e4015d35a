/**
 * Deadlines on the request path: with D1 locked, a call to it may neither answer
 * nor fail, and requests hung past 90 s. The lead paths give their D1 batch `LEAD_STORE_MS`
 * and then treat it as failed (the lead goes to the queue, as when D1 refuses); every other
 * `/api/` request answers 503 after `REQUEST_MS` (`requestDeadline`). What the late call does
 * afterwards is harmless: the queue's consumer stores a lead once per submissionId.
 */
import type { MiddlewareHandler } from 'hono';

/** How long a lead path waits for its D1 batch before it defers the lead to the queue. */
export const LEAD_STORE_MS = 8_000;
/** How long any other `/api/` request may take before it answers 503. */
export const REQUEST_MS = 25_000;

/** The error of a call that did not answer within its deadline. */
export class DeadlinePassed extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
    this.name = 'DeadlinePassed';
  }
}

/** `work`, or `DeadlinePassed` after `ms` if it has not settled by then. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(what, ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A number of milliseconds from an env var (tests shorten the deadlines), else `fallback`. */
export const deadlineMs = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * Answers 503 `{error: body}` when the rest of the request has not answered within `ms(env)`
 * (a locked D1): the visitor or the panel gets an answer it can retry instead of a hung request.
 */
export const requestDeadline =
  (ms: (env: unknown) => number, body: string): MiddlewareHandler =>
  async (c, next) => {
    const limit = ms(c.env);
    try {
      await withDeadline(next(), limit, `${c.req.method} ${c.req.path}`);
    } catch (error) {
      if (!(error instanceof DeadlinePassed)) throw error;
      console.error('request deadline passed', error.message);
      return c.json({ error: body }, 503);
    }
  };

/** The lead paths' deadline for their D1 batch (`LEAD_STORE_DEADLINE_MS` shortens it in tests). */
export const leadStoreMs = (env: unknown): number =>
  deadlineMs((env as { LEAD_STORE_DEADLINE_MS?: string }).LEAD_STORE_DEADLINE_MS, LEAD_STORE_MS);

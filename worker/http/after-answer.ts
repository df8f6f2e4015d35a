/**
 * Work for after the answer: started on the next turn of the event loop, once the answer
 * has gone, and kept alive by the request's `waitUntil`, so the answer's timing never
 * depends on it (an e-mail handed to the queue for one address and not for another would
 * tell a stranger which addresses are ours). With no execution context (`app.fetch` in
 * tests) the work still runs, unawaited. A hand-over that never happens leaves its e-mail
 * pending for the outbox's next sweep.
 * @example await requestSignIn(env, email, origin, ip, afterAnswer(c));
 */
import type { Context } from 'hono';

export function afterAnswer(c: Context): (work: () => Promise<unknown>) => void {
  return (work) => {
    const run = new Promise((resolve) => setTimeout(resolve, 0)).then(work);
    try {
      c.executionCtx.waitUntil(run);
    } catch {
      void run;
    }
  };
}

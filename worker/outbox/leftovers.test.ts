// E-mails a crash left pending go out with the next request or queue batch of an isolate as
// well, not only at the next cron run (which may be late, or not run at all locally): once
// a minute per isolate, after the answer, one batch.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import entry from '../index.ts';
import { HAND_OVER_EVERY_MS, handOverClock } from './delivery.ts';
import { contactNotification } from '../leads/contact-email.ts';
import { type NewLead, storeLead } from '../leads/model.ts';
import { company } from '../../widgets/core/company.ts';

const worker = entry as Required<Pick<ExportedHandler<Env>, 'fetch' | 'queue'>>;
const testEnv = env as unknown as Env;
/** A request as the runtime hands it to the entry. */
const health = () =>
  new Request('http://kserowo.test/api/health') as unknown as Request<unknown, IncomingRequestCfProperties>;

/** A lead's e-mail written as the route writes it, never handed to the queue, a minute and more ago. */
async function stranded(): Promise<number> {
  const lead: NewLead = { kind: 'contact', submissionId: crypto.randomUUID(), name: 'Ewa', email: 'ewa@firma.pl' };
  const { notificationId } = await storeLead(testEnv.DB, lead, (id) =>
    contactNotification(id, lead, company.salesEmail),
  );
  await testEnv.DB.prepare(
    "UPDATE outbox SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-90 seconds') WHERE id = ?",
  )
    .bind(notificationId)
    .run();
  return notificationId as number;
}

const stateOf = async (id: number) =>
  (await testEnv.DB.prepare('SELECT state FROM outbox WHERE id = ?').bind(id).first<{ state: string }>())?.state;

/** The environment with a mail binding that records what it sends. */
function recording(sent: string[]): Env {
  return {
    ...testEnv,
    SEND_EMAIL: { send: async (m: { subject: string }) => void sent.push(m.subject) } as unknown as SendEmail,
  };
}

beforeEach(() => {
  handOverClock.last = 0;
});

describe('e-mails a crash left pending', () => {
  it('go out with the next request, after its answer, once a minute per isolate', async () => {
    const id = await stranded();
    const sent: string[] = [];
    const ctx = createExecutionContext();
    const res = await worker.fetch(health(), recording(sent), ctx);
    expect(res.status).toBeLessThan(600);
    await waitOnExecutionContext(ctx);
    expect(await stateOf(id)).toBe('sent');
    expect(sent).toHaveLength(1);

    // Within the minute, the next request leaves the next one to the cron (or the minute after).
    const next = await stranded();
    const ctx2 = createExecutionContext();
    await worker.fetch(health(), recording(sent), ctx2);
    await waitOnExecutionContext(ctx2);
    expect(await stateOf(next)).toBe('pending');
    handOverClock.last -= HAND_OVER_EVERY_MS;
    const ctx3 = createExecutionContext();
    await worker.fetch(health(), recording(sent), ctx3);
    await waitOnExecutionContext(ctx3);
    expect(await stateOf(next)).toBe('sent');
  });

  it('go out when a queue batch starts', async () => {
    const id = await stranded();
    const sent: string[] = [];
    const ctx = createExecutionContext();
    const batch = createMessageBatch('kserowo-webhooks', []);
    await worker.queue(batch as MessageBatch<never>, recording(sent), ctx);
    await waitOnExecutionContext(ctx);
    expect(await stateOf(id)).toBe('sent');
  });
});

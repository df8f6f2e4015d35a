// E-mails stranded by a crash (written with their lead, but their queue message never sent
// or lost with the process) go out at the next minute's sweep, not ten minutes later; a
// failed one stays with the queue's backoff, and a send still in flight is not doubled.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import entry from '../index.ts';
import { contactNotification } from '../leads/contact-email.ts';
import { type NewLead, storeLead } from '../leads/model.ts';
import { company } from '../../widgets/core/company.ts';

const testEnv = env as unknown as Env;
const worker = entry as Required<Pick<ExportedHandler<Env>, 'scheduled'>>;

afterEach(() => vi.restoreAllMocks());

/** A lead stored as the route stores it, its e-mail never handed to the queue (the worker died). */
async function strandedLead() {
  const lead: NewLead = {
    kind: 'contact',
    submissionId: crypto.randomUUID(),
    name: 'Anna Nowak',
    email: 'anna@firma.pl',
    message: 'Proszę o kontakt.',
  };
  const stored = await storeLead(testEnv.DB, lead, (id) => contactNotification(id, lead, company.salesEmail));
  return stored.notificationId as number;
}

/** The row's last activity moves `seconds` into the past (time passes). */
const age = (id: number, seconds: number, state?: string) =>
  testEnv.DB.prepare(
    `UPDATE outbox SET state = COALESCE(?3, state), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2),
       created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2) WHERE id = ?1`,
  )
    .bind(id, `-${seconds} seconds`, state ?? null)
    .run();

const stateOf = async (id: number) =>
  (await testEnv.DB.prepare('SELECT state FROM outbox WHERE id = ?').bind(id).first<{ state: string }>())?.state;

/** One run of the cron as production schedules it: every minute, at a minute that is not a multiple of 5. */
async function everyMinuteRun(sent: string[]) {
  const e = {
    ...testEnv,
    SEND_EMAIL: {
      send: async (m: { subject: string }) => {
        sent.push(m.subject);
        return { messageId: `<${sent.length}@t>` };
      },
    } as unknown as SendEmail,
  };
  const ctx = createExecutionContext();
  const minute = new Date();
  minute.setUTCMinutes(7, 0, 0);
  await worker.scheduled(createScheduledController({ scheduledTime: minute.getTime(), cron: '* * * * *' }), e, ctx);
  await waitOnExecutionContext(ctx);
}

describe('e-mails stranded by a crash', () => {
  it('go out at the next minute’s run; a failed one is left to the queue’s backoff, a fresh one to the queue', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const stranded = await strandedLead();
    const claimDied = await strandedLead();
    const inBackoff = await strandedLead();
    const fresh = await strandedLead();
    const inFlight = await strandedLead();
    await age(stranded, 70);
    // Claimed by a consumer that was killed mid-send, six minutes ago.
    await age(claimDied, 6 * 60, 'sending');
    // Failed two minutes ago: the queue retries it on its own schedule.
    await age(inBackoff, 120, 'failed');
    // Being sent right now by a live consumer.
    await age(inFlight, 20, 'sending');
    const sent: string[] = [];
    await everyMinuteRun(sent);
    expect(await stateOf(stranded)).toBe('sent');
    expect(await stateOf(claimDied)).toBe('sent');
    expect(await stateOf(inBackoff)).toBe('failed');
    expect(await stateOf(fresh)).toBe('pending');
    expect(await stateOf(inFlight)).toBe('sending');
    expect(sent).toHaveLength(2);
  });
});

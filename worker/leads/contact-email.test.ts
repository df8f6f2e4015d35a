import { env } from 'cloudflare:workers';
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import entry from '../index.ts';
import { app } from '../app.ts';
import { contactNotification } from './contact-email.ts';
import { type EmailJob, MAX_ATTEMPTS } from '../outbox/delivery.ts';
import { type NewLead, storeLead } from './model.ts';
import type { NotificationRow } from '../outbox/model.ts';
import { company } from '../../widgets/core/company.ts';

const testEnv = env as unknown as Env;
const worker = entry as Required<Pick<ExportedHandler<Env, EmailJob>, 'queue' | 'scheduled'>>;
interface Sent {
  from: unknown;
  to: string | string[];
  subject: string;
  replyTo?: unknown;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
}

/** An env whose send_email binding records what it sends, or fails when told to. */
function mailbox(fail?: string) {
  const sent: Sent[] = [];
  const send = async (message: Sent) => {
    if (fail) throw new Error(fail);
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  };
  return { sent, env: { ...testEnv, SEND_EMAIL: { send } as unknown as SendEmail } };
}

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  kind: 'contact',
  submissionId: crypto.randomUUID(),
  name: 'Anna Nowak',
  email: 'anna@firma.pl',
  message: 'Proszę o kontakt.',
  ...overrides,
});

/** A lead stored as the route stores it, without putting it on the queue. */
async function storedLead(overrides: Partial<NewLead> = {}) {
  const l = lead(overrides);
  const stored = await storeLead(testEnv.DB, l, (id) => contactNotification(id, l, company.salesEmail));
  return { ...stored, notificationId: stored.notificationId as number };
}

const outboxRow = (id: number) =>
  testEnv.DB.prepare('SELECT * FROM outbox WHERE id = ?').bind(id).first<NotificationRow>();
const leadExists = async (id: string) =>
  !!(await testEnv.DB.prepare('SELECT id FROM leads WHERE id = ?').bind(id).first());

async function consume(queue: string, notificationId: number, attempts: number, e: Env) {
  const batch = createMessageBatch<EmailJob>(queue, [
    { id: `m-${attempts}`, timestamp: new Date(), attempts, body: { notificationId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, e, ctx);
  return getQueueResult(batch, ctx);
}

/** A hand-made batch that records what the consumer asks of each message (retry delays included). */
async function consumeRecorded(notificationId: number, attempts: number, e: Env) {
  const calls: unknown[] = [];
  const message = {
    id: 'm',
    timestamp: new Date(),
    attempts,
    body: { notificationId },
    ack: () => calls.push('ack'),
    retry: (options?: QueueRetryOptions) => calls.push({ retry: options }),
  };
  await worker.queue(
    {
      queue: 'kserowo-email',
      messages: [message],
      ackAll: () => undefined,
      retryAll: () => undefined,
    } as unknown as MessageBatch<EmailJob>,
    e,
    createExecutionContext(),
  );
  return calls;
}

beforeEach(async () => {
  await testEnv.DB.batch([testEnv.DB.prepare('DELETE FROM outbox'), testEnv.DB.prepare('DELETE FROM leads')]);
});

describe('lead notifications', () => {
  describe('when a contact message is stored', () => {
    it('puts its notification on the email queue once, not again for a replay', async () => {
      const jobs: unknown[] = [];
      const queueEnv = {
        ...testEnv,
        EMAIL_QUEUE: { send: async (body: unknown) => void jobs.push(body) } as unknown as Queue,
      };
      const body = JSON.stringify({ name: 'Jan', email: 'jan@x.pl', submissionId: crypto.randomUUID() });
      const send = () =>
        app.fetch(
          new Request('http://kserowo.test/api/send-contact-email', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          }),
          queueEnv,
          createExecutionContext(),
        );
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const row = await testEnv.DB.prepare('SELECT id FROM outbox').first<{ id: number }>();
      expect(jobs).toEqual([{ notificationId: row?.id }]);
    });

    it('answers 200 even when the queue is down, leaving the email to the sweep', async () => {
      const queueEnv = {
        ...testEnv,
        EMAIL_QUEUE: { send: async () => Promise.reject(new Error('queue down')) } as unknown as Queue,
      };
      const res = await app.fetch(
        new Request('http://kserowo.test/api/send-contact-email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Jan', email: 'jan@x.pl' }),
        }),
        queueEnv,
        createExecutionContext(),
      );
      expect(res.status).toBe(200);
      expect((await testEnv.DB.prepare('SELECT state FROM outbox').first<{ state: string }>())?.state).toBe('pending');
    });
  });

  describe('when the queue consumer sends', () => {
    it('emails the sales address in plain text, the visitor only as Reply-To, no user text in the subject', async () => {
      const { notificationId, id } = await storedLead({ name: 'Zła\u00a0Nazwa', message: 'Treść\nw dwóch liniach' });
      const box = mailbox();
      const result = await consume('kserowo-email', notificationId, 1, box.env);
      expect(result.explicitAcks).toEqual(['m-1']);
      expect(box.sent).toHaveLength(1);
      const mail = box.sent[0]!;
      expect(mail.to).toBe(company.salesEmail);
      expect(mail.from).toEqual({ name: 'Kserowo – formularz', email: testEnv.MAIL_FROM });
      expect(mail.replyTo).toBe('anna@firma.pl');
      expect(mail.html).toBeUndefined();
      expect(mail.headers).toBeUndefined();
      expect(mail.subject).toBe(`Nowa wiadomość z formularza kontaktowego [${id.slice(0, 8)}]`);
      expect(mail.text).toContain('Imię: Zła\u00a0Nazwa');
      expect(mail.text).toContain('> Treść\n> w dwóch liniach');
      expect(mail.text).toContain(`Numer zgłoszenia: ${id}`);
      expect(await outboxRow(notificationId)).toMatchObject({
        state: 'sent',
        attempts: 1,
        last_error: null,
        sent_at: expect.any(String),
      });
    });

    it('sends through the local send_email binding', async () => {
      const { notificationId } = await storedLead();
      const result = await consume('kserowo-email', notificationId, 1, testEnv);
      expect(result.explicitAcks).toEqual(['m-1']);
      expect((await outboxRow(notificationId))?.state).toBe('sent');
    });

    it('does not send a notification twice', async () => {
      const { notificationId } = await storedLead();
      const box = mailbox();
      await consume('kserowo-email', notificationId, 1, box.env);
      const again = await consume('kserowo-email', notificationId, 1, box.env);
      expect(again.explicitAcks).toEqual(['m-1']);
      expect(box.sent).toHaveLength(1);
    });
  });

  describe('when sending fails', () => {
    it('keeps the lead, records the error and retries with growing delays', async () => {
      const { id, notificationId } = await storedLead();
      const broken = mailbox('SMTP 451 try later');
      const first = await consume('kserowo-email', notificationId, 1, broken.env);
      expect(first.retryMessages).toEqual([{ msgId: 'm-1' }]);
      expect(first.explicitAcks).toEqual([]);
      expect(await outboxRow(notificationId)).toMatchObject({
        state: 'failed',
        attempts: 1,
        last_error: 'SMTP 451 try later',
      });
      expect(await consumeRecorded(notificationId, 2, broken.env)).toEqual([{ retry: { delaySeconds: 60 } }]);
      expect(await consumeRecorded(notificationId, 4, broken.env)).toEqual([{ retry: { delaySeconds: 240 } }]);
      expect(await outboxRow(notificationId)).toMatchObject({ state: 'failed', attempts: 3 });
      expect(await leadExists(id)).toBe(true);
    });

    it('dead-letters it after the retries: the message stays in the outbox and the lead stays', async () => {
      const { id, notificationId } = await storedLead();
      await consume('kserowo-email', notificationId, 1, mailbox('SMTP 550').env);
      const before = await outboxRow(notificationId);
      const dead = await consume('kserowo-email-dlq', notificationId, 1, testEnv);
      expect(dead.explicitAcks).toEqual(['m-1']);
      const row = await outboxRow(notificationId);
      expect(row).toMatchObject({
        state: 'dead',
        last_error: 'SMTP 550',
        subject: before?.subject,
        body: before?.body,
        recipient: company.salesEmail,
      });
      expect(await leadExists(id)).toBe(true);
    });

    it('a later successful attempt sends it (the queue retry)', async () => {
      const { notificationId } = await storedLead();
      await consume('kserowo-email', notificationId, 1, mailbox('timeout').env);
      const box = mailbox();
      await consume('kserowo-email', notificationId, 2, box.env);
      expect(box.sent).toHaveLength(1);
      expect(await outboxRow(notificationId)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    });
  });

  describe('the scheduled sweep', () => {
    const age = (id: number, minutes: number) =>
      testEnv.DB.prepare("UPDATE outbox SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2) WHERE id = ?1")
        .bind(id, `-${minutes} minutes`)
        .run();

    async function sweep(e: Env) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), e, ctx);
      await waitOnExecutionContext(ctx);
    }

    it('sends notifications still unsent after 10 minutes and leaves newer ones to the queue', async () => {
      const old = await storedLead();
      const failedOld = await storedLead();
      const recent = await storedLead();
      await consume('kserowo-email', failedOld.notificationId, 1, mailbox('down').env);
      await age(old.notificationId, 11);
      await age(failedOld.notificationId, 11);
      const box = mailbox();
      await sweep(box.env);
      expect(box.sent).toHaveLength(2);
      expect((await outboxRow(old.notificationId))?.state).toBe('sent');
      expect((await outboxRow(failedOld.notificationId))?.state).toBe('sent');
      expect((await outboxRow(recent.notificationId))?.state).toBe('pending');
    });

    it('leaves sent and dead notifications alone, and gives up after the last attempt', async () => {
      const sent = await storedLead();
      await consume('kserowo-email', sent.notificationId, 1, mailbox().env);
      const dead = await storedLead();
      await consume('kserowo-email-dlq', dead.notificationId, 1, testEnv);
      const hopeless = await storedLead();
      await testEnv.DB.prepare("UPDATE outbox SET state = 'failed', attempts = ? WHERE id = ?")
        .bind(MAX_ATTEMPTS, hopeless.notificationId)
        .run();
      for (const n of [sent, dead, hopeless]) await age(n.notificationId, 30);
      const box = mailbox();
      await sweep(box.env);
      expect(box.sent).toHaveLength(0);
      expect((await outboxRow(hopeless.notificationId))?.state).toBe('dead');
      expect(await leadExists(hopeless.id)).toBe(true);
    });
  });
});

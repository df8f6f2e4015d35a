/**
 * The monthly reading reminder (DESIGN §8), run by the cron every 5 minutes: from the
 * `READING_REMINDER_DAY` (25th) of a month, Europe/Warsaw, every contract running that
 * month with a billing e-mail and no reminder yet gets one e-mail with its devices'
 * reading links, written to the outbox with its reminder row in one batch (so a second
 * run, or one racing it, sends nothing more) and put on the e-mail queue. The billing date
 * it names is the month's last day. Before the 25th nothing is sent.
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { readingReminder } from './reminder-email.ts';
import { contractsOwedReminder, reminderStatements } from './model-reading-reminders.ts';
import { monthBounds } from '../../widgets/core/meter.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { READING_REMINDER_DAY } from '../../widgets/core/terms.ts';

/**
 * Contracts reminded per run at most: two D1 statements each, in the five-minute run that shares
 * D1's 1 000 queries per invocation with the other jobs; the rest are reminded five minutes later
 * (1 000 contracts in 50 minutes of the 25th).
 */
export const REMINDERS_PER_RUN = 100;

/** Queues the reminders owed on `now`; answers how many contracts got one. */
export async function sendReadingReminders(
  env: Pick<Env, 'DB' | 'EMAIL_QUEUE'>,
  now = new Date(),
): Promise<{ period: string | null; sent: number }> {
  const today = warsawToday(now);
  if (Number(today.slice(8, 10)) < READING_REMINDER_DAY) return { period: null, sent: 0 };
  const period = today.slice(0, 7);
  const { from, to } = monthBounds(period);
  let sent = 0;
  const owed = await contractsOwedReminder(env.DB, period, from, to);
  for (const due of owed.slice(0, REMINDERS_PER_RUN)) {
    const [mail] = await env.DB.batch<{ id: number }>(
      reminderStatements(env.DB, due.contractId, period, readingReminder(due, to)),
    );
    const id = mail?.results[0]?.id;
    if (id === undefined) continue;
    sent++;
    await enqueueNotification(env, id);
  }
  return { period, sent };
}

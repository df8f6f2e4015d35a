/**
 * The sales team's clock, run by the cron every 5 minutes:
 *  - the morning digest: on a working day (business-hours.ts, holidays included) the first
 *    run from 08:00 Warsaw until closing e-mails each person their overdue next steps and
 *    today's, once per day (sales_digest_runs);
 *  - the first-answer promise (terms.ts `FIRST_ANSWER_HOURS`): when a new lead passes its
 *    deadline without a first response its owner is told; when it is still unanswered one
 *    more promise later (or at once when nobody owns it) the managers (owner role) are
 *    told; each once (leads.owner_alerted_at, manager_alerted_at).
 */
import { addBusinessHours, isWorkingDay, warsawInstant } from '../admin-shared/business-hours.ts';
import { warsawDay, warsawTime } from '../../widgets/core/warsaw-time.ts';
import { company } from '../../widgets/core/company.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { type DigestStep, digestEmail, firstAnswerManagerEmail, firstAnswerOwnerEmail } from './sales-team-email.ts';
import { assignablePeople } from './model-lead-ownership.ts';
import { firstAnswerBacklog, recordAlert, stepsDueBefore } from './model-sales-clock.ts';
import { accountNotificationStatement } from '../outbox/index.ts';
import { claimDigestDay } from './model-sales-digest-runs.ts';

/** The digest goes out from this Warsaw time of a working day. */
export const DIGEST_AT_MINUTES = 8 * 60;

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether `now` is digest time: a working day in Warsaw, from 08:00 until closing. */
export function isDigestTime(now: Date): boolean {
  const t = warsawTime(now);
  return isWorkingDay(t) && t.minutes >= DIGEST_AT_MINUTES && t.minutes < minutesOf(company.openingHours.closes);
}

/** Each person's digest at `now`: steps due before `now` are overdue, the rest until midnight are today's. */
export async function digestsAt(db: D1Database, now: Date, origin = company.url) {
  const t = warsawTime(now);
  const midnight = warsawInstant({ year: t.year, month: t.month, day: t.day }, 24 * 60);
  const steps = await stepsDueBefore(db, midnight.toISOString());
  const people = await assignablePeople(db);
  const day = warsawDay(now);
  return people.flatMap((person) => {
    const mine = steps.filter((s) => s.assigned_to === person.id);
    const overdue: DigestStep[] = mine.filter((s) => Date.parse(s.next_step_due_at) < now.getTime());
    const today: DigestStep[] = mine.filter((s) => Date.parse(s.next_step_due_at) >= now.getTime());
    const mail = person.email.includes('@')
      ? digestEmail(person.email, person.name, day, overdue, today, origin)
      : undefined;
    return mail ? [{ accountId: person.id, day, overdue, today, mail }] : [];
  });
}

/** Sends the morning digest when it is time and nobody has sent today's yet; answers how many e-mails. */
export async function sendMorningDigest(env: Env, now = new Date()): Promise<number> {
  if (!isDigestTime(now)) return 0;
  const day = warsawDay(now);
  if (!(await claimDigestDay(env.DB, day))) return 0;
  const digests = await digestsAt(env.DB, now);
  if (digests.length === 0) return 0;
  const results = await env.DB.batch<{ id: number }>(
    digests.map((d) => accountNotificationStatement(env.DB, d.accountId, d.mail)),
  );
  const ids = results.flatMap((r) => r.results.map((row) => row.id));
  await Promise.all(ids.map((id) => enqueueNotification(env, id)));
  return ids.length;
}

/** Tells owners and then managers about leads past the first-answer promise; answers how many e-mails. */
export async function sendFirstAnswerAlerts(env: Env, now = new Date(), origin = company.url): Promise<number> {
  const stamp = now.toISOString();
  const backlog = await firstAnswerBacklog(env.DB, stamp);
  if (backlog.length === 0) return 0;
  const people = await assignablePeople(env.DB);
  const managers = people.filter((p) => p.role === 'owner' && p.email.includes('@'));
  const ids: number[] = [];
  for (const lead of backlog) {
    const owner = people.find((p) => p.id === lead.assigned_to);
    const ownerReachable = !!owner?.email.includes('@');
    if (ownerReachable && owner && !lead.owner_alerted_at) {
      ids.push(
        ...(await recordAlert(env.DB, lead.id, 'owner', stamp, [firstAnswerOwnerEmail(owner.email, lead, origin)])),
      );
      continue;
    }
    const due = new Date(lead.first_answer_due_at ?? stamp);
    const managersDue = ownerReachable ? addBusinessHours(due, FIRST_ANSWER_HOURS) : due;
    if (now < managersDue) continue;
    const mails = managers.map((m) => firstAnswerManagerEmail(m.email, lead, owner?.name ?? null, origin));
    ids.push(...(await recordAlert(env.DB, lead.id, 'manager', stamp, mails)));
  }
  await Promise.all(ids.map((id) => enqueueNotification(env, id)));
  return ids.length;
}

/** The cron's part for the sales team; a failure is logged, never thrown into the other jobs. */
export async function runSalesClock(env: Env, now = new Date()): Promise<void> {
  try {
    await sendFirstAnswerAlerts(env, now);
    await sendMorningDigest(env, now);
  } catch (error) {
    console.error('sales clock: the run failed', error);
  }
}

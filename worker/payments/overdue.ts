/**
 * Overdue invoices on the business clock: how many business days (Mon–Fri without Polish
 * public holidays, widgets/core/business-hours.ts) an invoice is past its due date, and the
 * reminder run of the cron: an invoice not paid in full gets one e-mail per configured step
 * (e.g. 3 and 10 business days after the due date) to its contract's billing address,
 * through the outbox, written with its reminder row in one batch so a step is sent once.
 * A step reached while an earlier one was never sent is sent alone (the earlier is marked).
 */
import { company } from '../../widgets/core/company.ts';
import { dateText } from '../../widgets/core/dates.ts';
import { transferTitle } from '../admin-shared/ksef-number.ts';
import { isWorkingDay } from '../admin-shared/business-hours.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { line } from '../outbox/email-text.ts';
import { type PaymentsEnv, reminderSteps } from './config.ts';
import { overdueForReminders, reminderStatements } from './model-invoice-reminders.ts';

const DAY_MS = 86_400_000;
const dateOf = (iso: string) => {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return { year, month, day };
};
const nextDay = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Business days after `due` up to and including `today` ('YYYY-MM-DD'); 0 when not past due. */
export function businessDaysAfter(due: string, today: string): number {
  let n = 0;
  // A year and a half of days at most: older debts are long overdue whatever the count.
  for (let d = nextDay(due), i = 0; d <= today && i < 550; d = nextDay(d), i++) if (isWorkingDay(dateOf(d))) n++;
  return n;
}

/** The reminder e-mail of an invoice at a step. */
export function reminderMail(
  inv: {
    number: string;
    due_date: string;
    due_gr: number;
    paid_gr: number;
    company: string;
    ksef_number?: string | null;
  },
  recipient: string,
  step: number,
): { recipient: string; subject: string; body: string } {
  const left = (inv.due_gr - inv.paid_gr) / 100;
  return {
    recipient,
    subject: `Przypomnienie o płatności: faktura ${inv.number}`,
    body: [
      'Dzień dobry,',
      '',
      `termin płatności faktury ${inv.number} (${inv.company}) minął ${dateText(inv.due_date)}; to ${step} dni roboczych. Nie odnotowaliśmy jeszcze całej wpłaty.`,
      '',
      line('Pozostało do zapłaty', formatPln(left, 2)),
      line('Rachunek', `${company.legalName}, ${company.bankAccount ?? ''}`),
      line('Tytuł przelewu', transferTitle(inv.number, inv.ksef_number)),
      line('Faktury i płatności', `${company.url}/konto`),
      '',
      'Jeśli płatność jest już w drodze, zignoruj tę wiadomość. Pytania: odpowiedz na tę wiadomość.',
      '',
      `${company.brand} · ${company.email}`,
    ].join('\n'),
  };
}

/** The cron's reminder run on `now`: answers how many e-mails were queued. */
export async function sendOverdueReminders(
  env: Pick<Env, 'DB' | 'EMAIL_QUEUE'> & PaymentsEnv,
  now = new Date(),
): Promise<{ sent: number }> {
  const today = warsawToday(now);
  const steps = reminderSteps(env);
  let sent = 0;
  for (const inv of await overdueForReminders(env.DB, today)) {
    if (!inv.billing_email) continue;
    const late = businessDaysAfter(inv.due_date, today);
    const done = new Set((inv.steps ?? '').split(',').filter(Boolean).map(Number));
    const reached = steps.filter((s) => s <= late);
    const step = reached.at(-1);
    if (step === undefined || done.has(step)) continue;
    const earlier = reached.filter((s) => s < step && !done.has(s));
    const [mail] = await env.DB.batch<{ id: number }>(
      reminderStatements(env.DB, inv.id, inv.contract_id, step, earlier, reminderMail(inv, inv.billing_email, late)),
    );
    const id = mail?.results[0]?.id;
    if (id === undefined) continue;
    sent++;
    await enqueueNotification(env, id);
  }
  return { sent };
}

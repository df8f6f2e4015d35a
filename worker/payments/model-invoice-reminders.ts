/**
 * The overdue reminders (`invoice_reminders`, migration 0330): one row per invoice and step,
 * written in the batch of the reminder's e-mail, so each step is sent once.
 */
import type { InvoiceBalance } from './model.ts';
/** Invoices past due and not paid in full, with what their reminders already did, for the reminder run. */
export async function overdueForReminders(
  db: D1Database,
  today: string,
): Promise<
  (InvoiceBalance & {
    billing_email: string | null;
    company: string;
    steps: string | null;
    ksef_number: string | null;
  })[]
> {
  const { results } = await db
    .prepare(
      `SELECT b.*, c.billing_email, c.company,
         (SELECT group_concat(r.step) FROM invoice_reminders r WHERE r.invoice_id = b.id) AS steps
       FROM invoice_balances b JOIN contracts c ON c.id = b.contract_id
       WHERE b.paid_gr < b.due_gr AND b.due_date < ?1 ORDER BY b.due_date, b.number LIMIT 500`,
    )
    .bind(today)
    .all<
      InvoiceBalance & {
        billing_email: string | null;
        company: string;
        steps: string | null;
        ksef_number: string | null;
      }
    >();
  return results;
}

/**
 * The batch of one reminder: the e-mail (only while the invoice has no row of this step),
 * then the rows of this step and every earlier one (a step missed, e.g. while the cron was
 * away, is not sent late on top of a later one). The e-mail's id is the first result's.
 */
export function reminderStatements(
  db: D1Database,
  invoiceId: string,
  contractId: string,
  step: number,
  earlierSteps: number[],
  mail: { recipient: string; subject: string; body: string },
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO outbox (contract_id, about, recipient, subject, body)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM invoice_reminders WHERE invoice_id = ?6 AND step = ?7)
         RETURNING id`,
      )
      .bind(contractId, `invoice:${invoiceId}`, mail.recipient, mail.subject, mail.body, invoiceId, step),
    db
      .prepare(
        `INSERT INTO invoice_reminders (invoice_id, step, outbox_id)
         VALUES (?1, ?2, (SELECT max(id) FROM outbox WHERE about = ?3)) ON CONFLICT DO NOTHING`,
      )
      .bind(invoiceId, step, `invoice:${invoiceId}`),
    ...earlierSteps.map((s) =>
      db
        .prepare('INSERT INTO invoice_reminders (invoice_id, step) VALUES (?1, ?2) ON CONFLICT DO NOTHING')
        .bind(invoiceId, s),
    ),
  ];
}

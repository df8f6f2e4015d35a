/**
 * Reading reminders (migration 0100): one per contract and billing month. The scheduled
 * job asks for the contracts still owed this month's reminder and queues each one's
 * e-mail with its reminder row in one batch, so a second run (or a concurrent one) never
 * sends a second reminder for the same month.
 */
import type { Notification } from '../outbox/index.ts';

export interface ReminderRow {
  contract_id: string;
  period: string;
  outbox_id: number | null;
  created_at: string;
}

/** A contract owed the reminder of a month, with its devices' serials and tokens. */
export interface ReminderDue {
  contractId: string;
  number: string;
  company: string;
  billingEmail: string;
  devices: { serial: string; deviceName: string; readingToken: string }[];
}

/**
 * The contracts with a billing e-mail that run in the month `[from, to]` (started by its
 * last day, not ended before its first) and have no reminder for `period` yet.
 */
export async function contractsOwedReminder(
  db: D1Database,
  period: string,
  from: string,
  to: string,
): Promise<ReminderDue[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.number, c.company, c.billing_email, d.serial, d.reading_token,
              (SELECT r.device_name FROM contract_rates r WHERE r.device_row = d.id ORDER BY r.effective_from DESC LIMIT 1)
                AS device_name
       FROM contracts c JOIN devices d ON d.contract_id = c.id
       WHERE c.billing_email IS NOT NULL AND c.billing_email <> '' AND d.reading_token IS NOT NULL
         AND c.start_date <= ?3 AND date(c.start_date, '+' || c.term_months || ' months') > ?2
         AND NOT EXISTS (SELECT 1 FROM reading_reminders m WHERE m.contract_id = c.id AND m.period = ?1)
       ORDER BY c.number, d.serial`,
    )
    .bind(period, from, to)
    .all<{
      id: string;
      number: string;
      company: string;
      billing_email: string;
      serial: string;
      reading_token: string;
      device_name: string | null;
    }>();
  const due = new Map<string, ReminderDue>();
  for (const r of results) {
    const entry = due.get(r.id) ?? {
      contractId: r.id,
      number: r.number,
      company: r.company,
      billingEmail: r.billing_email,
      devices: [],
    };
    entry.devices.push({ serial: r.serial, deviceName: r.device_name ?? '', readingToken: r.reading_token });
    due.set(r.id, entry);
  }
  return [...due.values()];
}

/**
 * The batch that queues one contract's reminder: the e-mail (only while the month has no
 * reminder of that contract) and the reminder row naming it. Answers the new outbox id
 * in the first statement's results.
 */
export function reminderStatements(
  db: D1Database,
  contractId: string,
  period: string,
  mail: Notification,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO outbox (contract_id, recipient, subject, body)
         SELECT ?1, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM reading_reminders WHERE contract_id = ?1 AND period = ?2)
         RETURNING id`,
      )
      .bind(contractId, period, mail.recipient, mail.subject, mail.body),
    db
      .prepare(
        `INSERT INTO reading_reminders (contract_id, period, outbox_id)
         VALUES (?1, ?2, (SELECT max(id) FROM outbox WHERE contract_id = ?1)) ON CONFLICT DO NOTHING`,
      )
      .bind(contractId, period),
  ];
}

/** The reminders of a contract, newest month first (the team's view). */
/** The reminders of several contracts (JSON array of ids), newest period first, each with its e-mail's state. */
export async function remindersOfContracts(
  db: D1Database,
  contractIdsJson: string,
): Promise<(ReminderRow & { outbox_state: string | null })[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, o.state AS outbox_state FROM reading_reminders r LEFT JOIN outbox o ON o.id = r.outbox_id
       WHERE r.contract_id IN (SELECT value FROM json_each(?1)) ORDER BY r.period DESC`,
    )
    .bind(contractIdsJson)
    .all<ReminderRow & { outbox_state: string | null }>();
  return results;
}

export async function remindersOfContract(db: D1Database, contractId: string): Promise<ReminderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM reading_reminders WHERE contract_id = ? ORDER BY period DESC')
    .bind(contractId)
    .all<ReminderRow>();
  return results;
}

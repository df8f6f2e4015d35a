/** Counter readings (migration 0020): sent by customers or entered by the team (a counter reset). */
import { checkReading, type Reading } from '../../widgets/core/meter.ts';
import { eventDataFrom, webhookEventStatements } from './webhooks.ts';

export interface ReadingRow {
  id: number;
  submission_id: string | null;
  body_hash: string | null;
  device_row: number;
  read_on: string;
  mono: number;
  color: number | null;
  note: string | null;
  sent_by: string;
  reset: number;
  marketing_consent: number;
  created_at: string;
}

export interface NewReading {
  deviceRow: number;
  readOn: string;
  mono: number;
  color: number | null;
  note?: string | null | undefined;
  sentBy: string;
  reset?: boolean;
  marketingConsent?: boolean;
  submissionId?: string;
  bodyHash?: string;
}

export const asReading = (r: ReadingRow): Reading => ({
  readOn: r.read_on,
  mono: r.mono,
  color: r.color,
  reset: r.reset === 1,
});

export async function readingsOfDevice(db: D1Database, deviceRow: number): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM meter_readings WHERE device_row = ? ORDER BY read_on, reset, id')
    .bind(deviceRow)
    .all<ReadingRow>();
  return results;
}

/** All readings up to `to` ('YYYY-MM-DD'), for the billing export. */
/** A new reading judged against the device's history (widgets/core/meter.ts: lower, a jump, or fine). */
export async function judgeReading(db: D1Database, deviceRow: number, reading: Omit<Reading, 'reset'>) {
  return checkReading((await readingsOfDevice(db, deviceRow)).map(asReading), reading);
}

export async function readingsUpTo(db: D1Database, to: string): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM meter_readings WHERE read_on <= ? ORDER BY device_row, read_on, reset, id')
    .bind(to)
    .all<ReadingRow>();
  return results;
}

/** Readings with their device's serial, newest first, optionally of one device or one month ('YYYY-MM'). */
export async function listReadings(
  db: D1Database,
  {
    deviceRow,
    month,
    limit = 500,
    after,
  }: { deviceRow?: number; month?: string; limit?: number; after?: [readOn: string, id: number] | undefined } = {},
): Promise<(ReadingRow & { serial: string; company: string })[]> {
  // Only the conditions given, each a range of an index ending in the order (read_on, id).
  const where: string[] = [];
  const values: (string | number)[] = [];
  if (deviceRow !== undefined) {
    where.push('r.device_row = ?');
    values.push(deviceRow);
  }
  if (month) {
    where.push("r.read_on >= ? AND r.read_on < date(?, '+1 month')");
    values.push(`${month}-01`, `${month}-01`);
  }
  if (after) {
    where.push('(r.read_on, r.id) < (?, ?)');
    values.push(...after);
  }
  const { results } = await db
    .prepare(
      `SELECT r.*, d.serial, d.company FROM meter_readings r JOIN devices d ON d.id = r.device_row
       WHERE ${where.length ? where.join(' AND ') : 'true'}
       ORDER BY r.read_on DESC, r.id DESC LIMIT ?`,
    )
    .bind(...values, limit)
    .all<ReadingRow & { serial: string; company: string }>();
  return results;
}

export async function readingBySubmission(db: D1Database, submissionId: string): Promise<ReadingRow | null> {
  return db.prepare('SELECT * FROM meter_readings WHERE submission_id = ?').bind(submissionId).first<ReadingRow>();
}

/**
 * Stores a reading with its `meter.created` event (for subscribed endpoints) in one batch;
 * a replayed submission id stores nothing and answers the first reading.
 */
export async function storeReading(db: D1Database, r: NewReading): Promise<{ row: ReadingRow; created: boolean }> {
  const insert = db
    .prepare(
      `INSERT INTO meter_readings (submission_id, body_hash, device_row, read_on, mono, color, note, sent_by, reset,
         marketing_consent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (submission_id) DO NOTHING RETURNING *`,
    )
    .bind(
      r.submissionId ?? null,
      r.bodyHash ?? null,
      r.deviceRow,
      r.readOn,
      r.mono,
      r.color,
      r.note ?? null,
      r.sentBy,
      r.reset ? 1 : 0,
      r.marketingConsent ? 1 : 0,
    );
  // Right after the insert, in its transaction: changes() is 0 when the insert was a replay.
  const event = webhookEventStatements(
    db,
    'meter.created',
    eventDataFrom(
      `SELECT json_object('serial', d.serial, 'deviceId', d.device_id, 'readOn', m.read_on, 'mono', m.mono,
         'color', m.color, 'reset', json(CASE m.reset WHEN 1 THEN 'true' ELSE 'false' END), 'sentBy', m.sent_by,
         'createdAt', m.created_at) AS data
       FROM meter_readings m JOIN devices d ON d.id = m.device_row WHERE changes() > 0 AND m.id = last_insert_rowid()`,
    ),
  );
  const [stored] = await db.batch<ReadingRow>([insert, ...event]);
  const inserted = stored?.results[0];
  if (inserted) return { row: inserted, created: true };
  const first = r.submissionId ? await readingBySubmission(db, r.submissionId) : null;
  if (!first) throw new Error('storeReading: the reading is not in D1');
  return { row: first, created: false };
}

/*
 * Retention and a person's data (issue 13): a customer's reading (sent through the form,
 * `submission_id` set) names them in `sent_by` ('Name <e-mail>') and may carry their note.
 * The counter values stay: they bill the device, under the company's contract.
 */

/** Customers' readings created before `cutoff` (ISO) still naming them, oldest first, at most `limit`. */
export async function readingIdsToAnonymise(db: D1Database, cutoff: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      'SELECT id FROM meter_readings WHERE submission_id IS NOT NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2',
    )
    .bind(cutoff, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The readings one address (lower-case) sent, with their device's serial, oldest first. */
export async function readingsOfEmail(db: D1Database, email: string): Promise<(ReadingRow & { serial: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, d.serial FROM meter_readings r JOIN devices d ON d.id = r.device_row
       WHERE r.submission_id IS NOT NULL AND lower(substr(r.sent_by, instr(r.sent_by, '<') + 1)) = ?1 || '>'
       ORDER BY r.created_at, r.id`,
    )
    .bind(email)
    .all<ReadingRow & { serial: string }>();
  return results;
}

/** The statement that anonymises readings (JSON array of ids): who sent it, the note and the idempotency data go. */
export function anonymiseReadingsStatement(db: D1Database, idsJson: string, erasedName: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE meter_readings SET sent_by = ?2, note = NULL, submission_id = NULL, body_hash = NULL
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(idsJson, erasedName);
}

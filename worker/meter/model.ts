/**
 * Counter readings (migrations 0020, 0100): sent through a device's reading link or the
 * customer portal, or entered by the team (a reading, a counter reset, a correction).
 * Rows are never edited for money: a correction is a new row that supersedes the old one
 * (`supersedes`, with its reason); the accepted series of a device is its rows that
 * nothing supersedes and that are not withdrawals (`voided`). Bills and the counter's
 * rules read only that series.
 */
import {
  type ReadingContext,
  type ReadingVerdict,
  judgeReading as judgeSeries,
  type Reading,
} from '../../widgets/core/meter.ts';
import { eventDataFrom, webhookEventStatements } from '../webhooks/index.ts';
import type { Notification } from '../outbox/index.ts';
import { ACCEPTED, UNDECIDED } from './model-series.ts';

/** Written into a reading's confirmation before it is stored; the batch puts the reading's reference there. */
export const READING_REFERENCE_PLACEHOLDER = '{{NUMER_ODCZYTU}}';
/** A customer's reading is referred to as 'ODC-<id>' (its confirmation, the portal's answer). */
const REFERENCE_PREFIX = 'ODC-';
export const readingReference = (id: number): string => `${REFERENCE_PREFIX}${id}`;

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
  /** The reading this row corrects (its value replaces that one's). */
  supersedes: number | null;
  reason: string | null;
  /** 1: this correction withdraws the superseded reading (no value replaces it). */
  voided: number;
  source: ReadingSource;
  /**
   * 1: a customer confirmed this implausible reading; it waits for the desk (migration 0360)
   * and counts nowhere until a correction accepts it (same counters) or withdraws it.
   */
  held: number;
}

/**
 * Who sent a reading: the device's link, the customer portal, the team, the device's own counter
 * read by a collector ('licznik urządzenia', worker/collector), or (before contracts) a bare serial.
 */
export type ReadingSource = 'link' | 'portal' | 'team' | 'collector' | 'form';

export const asReading = (r: ReadingRow): Reading => ({
  readOn: r.read_on,
  mono: r.mono,
  color: r.color,
  reset: r.reset === 1,
});

/** Where a page of readings starts: after the row with this day and id (newest first). */
export type ReadingKey = [readOn: string, id: number];

export const readingKey = (row: ReadingRow): ReadingKey => [row.read_on, row.id];

/**
 * Readings with their device's serial, newest first, optionally of one device or one month
 * ('YYYY-MM'). A keyset page: `limit + 1` rows after `after`.
 */
export async function listReadings(
  db: D1Database,
  {
    deviceRow,
    month,
    held,
    limit = 100,
    after,
  }: { deviceRow?: number; month?: string; held?: boolean; limit?: number; after?: ReadingKey | undefined } = {},
): Promise<(ReadingRow & { serial: string; company: string })[]> {
  // Only the conditions given, each a range of an index ending in the order (read_on, id).
  const where: string[] = [];
  const values: (string | number)[] = [];
  // The desk's readings to check: held ones no correction has decided yet (index meter_readings_held).
  if (held) where.push(`r.held = 1 AND ${UNDECIDED}`);
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
    .bind(...values, limit + 1)
    .all<ReadingRow & { serial: string; company: string }>();
  return results;
}

/** The corrections of the given readings (JSON array of ids): a page strikes through a reading corrected on another page. */
export async function correctionsOf(db: D1Database, idsJson: string): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM meter_readings WHERE supersedes IN (SELECT value FROM json_each(?1)) ORDER BY id')
    .bind(idsJson)
    .all<ReadingRow>();
  return results;
}

export async function readingBySubmission(db: D1Database, submissionId: string): Promise<ReadingRow | null> {
  return db.prepare('SELECT * FROM meter_readings WHERE submission_id = ?').bind(submissionId).first<ReadingRow>();
}

/**
 * The `meter.created` event of the reading just inserted in the same batch (for subscribed
 * endpoints): right after the insert, in its transaction, so `changes()` is 0 and no event
 * is written when the insert stored nothing (a replay, or a device that changed meanwhile).
 */
export const meterCreatedEvent = (db: D1Database): D1PreparedStatement[] =>
  webhookEventStatements(
    db,
    'meter.created',
    eventDataFrom(
      `SELECT json_object('serial', d.serial, 'deviceId', d.device_id, 'readOn', m.read_on, 'mono', m.mono,
         'color', m.color, 'reset', json(CASE m.reset WHEN 1 THEN 'true' ELSE 'false' END), 'sentBy', m.sent_by,
         'createdAt', m.created_at) AS data
       FROM meter_readings m JOIN devices d ON d.id = m.device_row WHERE changes() > 0 AND m.id = last_insert_rowid()`,
    ),
  );

/**
 * The confirmation of the reading stored under `submissionId`, for the reading's batch: it
 * names the reading ('reading:<id>', the outbox's `about`) and is written only while the
 * reading has none, so a replay or a conflicting body (the insert stored nothing) sends
 * no second e-mail.
 */
function confirmationStatement(db: D1Database, submissionId: string, mail: Notification): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (about, recipient, reply_to, subject, body)
       SELECT 'reading:' || m.id, ?2, ?3, replace(?4, ?6, ?7 || m.id), replace(?5, ?6, ?7 || m.id)
       FROM meter_readings m WHERE m.submission_id = ?1
         AND NOT EXISTS (SELECT 1 FROM outbox WHERE about = 'reading:' || m.id)
       RETURNING id`,
    )
    .bind(
      submissionId,
      mail.recipient,
      mail.replyTo ?? null,
      mail.subject,
      mail.body,
      READING_REFERENCE_PLACEHOLDER,
      REFERENCE_PREFIX,
    );
}

/** A device's accepted readings, by date. */
export async function acceptedReadingsOf(db: D1Database, deviceRow: number): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.* FROM meter_readings r WHERE r.device_row = ? AND ${ACCEPTED} ORDER BY r.read_on, r.reset, r.id`,
    )
    .bind(deviceRow)
    .all<ReadingRow>();
  return results;
}

/**
 * What the bills of a period need of the given devices' readings (JSON array of registry
 * ids), in the accepted series: those of the period (`from` … `to`, 'YYYY-MM-DD'), and for
 * each device its last one before `from` (where the period's pages start counting). Each
 * device is read along its own index, so the cost follows the period, not the years of
 * readings behind it. By device, then in the series' order.
 */
export async function acceptedReadingsOfPeriod(
  db: D1Database,
  deviceRowsJson: string,
  from: string,
  to: string,
): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.* FROM json_each(?1) d JOIN meter_readings r ON r.device_row = d.value
         WHERE r.read_on >= ?2 AND r.read_on <= ?3 AND ${ACCEPTED}
       UNION ALL
       SELECT r.* FROM json_each(?1) d JOIN meter_readings r ON r.id = (
         SELECT p.id FROM meter_readings p WHERE p.device_row = d.value AND p.read_on < ?2 AND p.voided = 0
           AND p.held = 0 AND NOT EXISTS (SELECT 1 FROM meter_readings c WHERE c.supersedes = p.id)
         ORDER BY p.read_on DESC, p.reset DESC, p.id DESC LIMIT 1)
       ORDER BY device_row, read_on, reset, id`,
    )
    .bind(deviceRowsJson, from, to)
    .all<ReadingRow>();
  return results;
}

/** Every row of a device, superseded ones and corrections included (the team's history), newest first. */
export async function historyOf(db: D1Database, deviceRow: number): Promise<ReadingRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM meter_readings WHERE device_row = ? ORDER BY read_on DESC, id DESC')
    .bind(deviceRow)
    .all<ReadingRow>();
  return results;
}

export async function readingById(db: D1Database, id: number): Promise<ReadingRow | null> {
  return db.prepare('SELECT * FROM meter_readings WHERE id = ?').bind(id).first<ReadingRow>();
}

/** The device a reading is judged for: its row, type and contract dates. */
export interface ReadingDevice {
  deviceRow: number;
  context: Omit<ReadingContext, 'today'>;
}

export interface ReadingToRecord {
  readOn: string;
  mono: number;
  color: number | null;
  note?: string | null | undefined;
  sentBy: string;
  source: Exclude<ReadingSource, 'form'>;
  marketingConsent?: boolean;
  /** A customer's form fill: the same id with the same body answers the first reading, with another 409. */
  submissionId?: string;
  bodyHash?: string;
  /** The sender confirmed a jump. */
  confirm?: boolean;
  /** Stored held for the desk whatever the verdict (a collector's reading from an unchecked profile). */
  hold?: boolean;
  /** Today in Warsaw ('YYYY-MM-DD'). */
  today: string;
  /**
   * The sender's confirmation (needs `submissionId`), its `READING_REFERENCE_PLACEHOLDER`
   * replaced by the reading's reference: stored in the reading's batch, once per reading.
   */
  confirmation?: Notification | undefined;
}

export type RecordResult =
  /** Stored; `row.held` is 1 for a confirmed implausible reading from a customer, which waits for the desk. */
  | { kind: 'stored'; row: ReadingRow; confirmationId?: number | undefined }
  | { kind: 'replay'; row: ReadingRow }
  | { kind: 'conflict' }
  | Exclude<ReadingVerdict, { kind: 'ok' }>;

/**
 * How often a reading is judged again when another one of the device landed between judging
 * and storing. Readings of one device that arrive together are stored one after the other:
 * each round stores at least one of them, so 20 at once need at most 20 rounds; the rest is
 * headroom. Between rounds a reading waits a random moment (up to `RETRY_MS`, doubling from
 * 5 ms), so the ones that lost a round do not all come back at once.
 */
const ATTEMPTS = 40;
const RETRY_MS = 80;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 * 2 ** attempt, RETRY_MS)));

/**
 * Records a reading of a contract's device under the counter's rules (widgets/core/meter.ts
 * `judgeReading`), for the reading link, the portal and the team alike.
 *
 * Judging and storing are one decision even under concurrency: the insert carries the
 * newest row id of the device that the judgement saw and stores nothing if another row
 * arrived meanwhile (then the reading is judged again, against the one that arrived, after
 * a short random pause: readings of one device are serialised, never refused for arriving
 * together). A `submissionId` is unique: of concurrent requests with one id exactly one
 * stores; the others answer the stored reading when their body hash is the same, else
 * 'conflict' (409).
 *
 * A jump (`judgeReading` finds it implausible) is answered as such until the sender
 * confirms it; a customer's confirmed jump (link or portal) is then stored held for the
 * desk (`held`): out of the bills and of the series the next readings are judged against,
 * flagged in the admin's list until the team corrects or withdraws it. The team's own
 * confirmed reading is not held: they have the counter in front of them.
 */
export async function recordReading(db: D1Database, device: ReadingDevice, r: ReadingToRecord): Promise<RecordResult> {
  const replayOf = (first: ReadingRow): RecordResult =>
    first.body_hash === (r.bodyHash ?? null) && first.device_row === device.deviceRow
      ? { kind: 'replay', row: first }
      : { kind: 'conflict' };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    // One round trip, one snapshot: the replay, the accepted series, the newest row of the device.
    const [first, accepted, seen] = await db.batch<ReadingRow & { id: number }>([
      db.prepare('SELECT * FROM meter_readings WHERE submission_id = ?').bind(r.submissionId ?? null),
      db
        .prepare(
          `SELECT r.* FROM meter_readings r WHERE r.device_row = ? AND ${ACCEPTED} ORDER BY r.read_on, r.reset, r.id`,
        )
        .bind(device.deviceRow),
      db.prepare('SELECT coalesce(max(id), 0) AS id FROM meter_readings WHERE device_row = ?').bind(device.deviceRow),
    ]);
    const replayed = first?.results[0];
    if (replayed) return replayOf(replayed);
    const verdict = judgeSeries(
      (accepted?.results ?? []).map(asReading),
      { readOn: r.readOn, mono: r.mono, color: r.color },
      { ...device.context, today: r.today },
    );
    if (verdict.kind === 'refused') return verdict;
    if (verdict.kind === 'jump' && !r.confirm) return verdict;
    const held = (verdict.kind === 'jump' && r.source !== 'team') || r.hold ? 1 : 0;
    const insert = db
      .prepare(
        `INSERT INTO meter_readings (submission_id, body_hash, device_row, read_on, mono, color, note, sent_by, reset,
           marketing_consent, source, held)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?10, ?12
         WHERE (SELECT coalesce(max(id), 0) FROM meter_readings WHERE device_row = ?3) = ?11
         ON CONFLICT (submission_id) DO NOTHING RETURNING *`,
      )
      .bind(
        r.submissionId ?? null,
        r.bodyHash ?? null,
        device.deviceRow,
        r.readOn,
        r.mono,
        r.color,
        r.note ?? null,
        r.sentBy,
        r.marketingConsent ? 1 : 0,
        r.source,
        seen?.results[0]?.id ?? 0,
        held,
      );
    const mail = r.confirmation && r.submissionId ? [confirmationStatement(db, r.submissionId, r.confirmation)] : [];
    // After the insert, the device's newest row: another one than the judgement saw means a
    // reading landed in between (judge again); the same means nothing did (a replay raced).
    const newest = db
      .prepare('SELECT coalesce(max(id), 0) AS id FROM meter_readings WHERE device_row = ?')
      .bind(device.deviceRow);
    // A held reading is not a reading of the series yet: no `meter.created` for subscribers until the desk decides.
    const results = await db.batch<ReadingRow>([insert, ...(held ? [] : meterCreatedEvent(db)), ...mail, newest]);
    const inserted = results[0]?.results[0];
    const confirmationId = mail.length ? (results.at(-2)?.results[0] as { id?: number } | undefined)?.id : undefined;
    if (inserted) return { kind: 'stored', row: inserted, confirmationId };
    if ((results.at(-1)?.results[0]?.id ?? 0) === (seen?.results[0]?.id ?? 0)) break;
  }
  if (r.submissionId) {
    const first = await readingBySubmission(db, r.submissionId);
    if (first) return replayOf(first);
  }
  throw new Error('recordReading: the device kept changing while the reading was judged');
}

/**
 * Stores a reading the counter's rules refused as lower than the one before it, held for the
 * desk (a collector's counter that went down: a board swapped). It counts nowhere; the desk
 * confirms a new counter epoch (`POST /api/admin/readings/reset`, audited) or withdraws it.
 */
export async function storeHeldReading(
  db: D1Database,
  deviceRow: number,
  r: Pick<ReadingToRecord, 'readOn' | 'mono' | 'color' | 'note' | 'sentBy' | 'source'>,
): Promise<ReadingRow> {
  const row = await db
    .prepare(
      `INSERT INTO meter_readings (device_row, read_on, mono, color, note, sent_by, reset, marketing_consent, source, held)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 0, ?7, 1) RETURNING *`,
    )
    .bind(deviceRow, r.readOn, r.mono, r.color, r.note ?? null, r.sentBy, r.source)
    .first<ReadingRow>();
  if (!row) throw new Error('storeHeldReading: nothing stored');
  return row;
}

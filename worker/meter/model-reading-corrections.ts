/**
 * The team's changes to a device's readings (migration 0100): a correction is a new row that
 * supersedes the reading (or withdraws it), with its reason and author; a counter reset starts
 * a new series. The readings themselves, and the rules the series obeys, are model.ts.
 */
import { judgeReading as judgeSeries, type ReadingVerdict } from '../../widgets/core/meter.ts';
import {
  type ReadingDevice,
  type ReadingRow,
  acceptedReadingsOf,
  asReading,
  meterCreatedEvent,
  readingById,
} from './model.ts';

/** The row that corrects reading `id`, if any. */
async function readingSupersededBy(db: D1Database, id: number): Promise<ReadingRow | null> {
  return db.prepare('SELECT * FROM meter_readings WHERE supersedes = ?').bind(id).first<ReadingRow>();
}

export interface Correction {
  /** The reading corrected (a row of the accepted series). */
  readingId: number;
  /** The corrected values; `withdraw` takes the reading out of the series without a replacement. */
  readOn: string;
  mono: number;
  color: number | null;
  withdraw: boolean;
  reason: string;
  by: string;
  today: string;
}

export type CorrectionResult =
  | { kind: 'stored'; row: ReadingRow }
  | { kind: 'missing' }
  | { kind: 'superseded' }
  | Extract<ReadingVerdict, { kind: 'refused' }>;

/**
 * The team's correction: a new row that supersedes the reading, with its reason and
 * author; the old row stays (the history shows it struck through). The corrected value
 * must obey the counter's rules among the other accepted readings (no jump question: the
 * team has the counter in front of them). A reading corrected already answers
 * 'superseded' (correct the newest row instead); two concurrent corrections of one row
 * cannot both land (a unique index).
 */
export async function correctReading(db: D1Database, device: ReadingDevice, c: Correction): Promise<CorrectionResult> {
  const old = await readingById(db, c.readingId);
  if (!old || old.device_row !== device.deviceRow) return { kind: 'missing' };
  const accepted = await acceptedReadingsOf(db, device.deviceRow);
  // A held reading is decided by a correction too: the same counters accept it, a withdrawal drops it.
  const undecidedHeld = old.held === 1 && !(await readingSupersededBy(db, old.id));
  if (!undecidedHeld && !accepted.some((r) => r.id === old.id)) return { kind: 'superseded' };
  if (!c.withdraw && !old.reset) {
    const verdict = judgeSeries(
      accepted.filter((r) => r.id !== old.id).map(asReading),
      { readOn: c.readOn, mono: c.mono, color: c.color },
      { ...device.context, today: c.today },
    );
    if (verdict.kind === 'refused') return verdict;
  }
  try {
    const row = await db
      .prepare(
        `INSERT INTO meter_readings (device_row, read_on, mono, color, note, sent_by, reset, source, supersedes, reason,
           voided)
         VALUES (?1, ?2, ?3, ?4, NULL, ?5, ?6, 'team', ?7, ?8, ?9) RETURNING *`,
      )
      .bind(
        device.deviceRow,
        c.withdraw ? old.read_on : c.readOn,
        c.withdraw ? old.mono : c.mono,
        c.withdraw ? old.color : c.color,
        c.by,
        old.reset,
        old.id,
        c.reason,
        c.withdraw ? 1 : 0,
      )
      .first<ReadingRow>();
    if (!row) throw new Error('correctReading: the correction is not in D1');
    return { kind: 'stored', row };
  } catch (error) {
    if (String(error).includes('UNIQUE')) return { kind: 'superseded' };
    throw error;
  }
}

/**
 * A counter replacement (or zeroing) after a repair: the team's explicit act, with its
 * reason and the new counter's starting values. It starts a new series; the pages of the
 * old counter up to it are in the readings before it.
 */
export async function recordCounterReset(
  db: D1Database,
  deviceRow: number,
  r: { readOn: string; mono: number; color: number | null; reason: string; by: string },
): Promise<ReadingRow> {
  const insert = db
    .prepare(
      `INSERT INTO meter_readings (device_row, read_on, mono, color, sent_by, reset, source, reason)
       VALUES (?, ?, ?, ?, ?, 1, 'team', ?) RETURNING *`,
    )
    .bind(deviceRow, r.readOn, r.mono, r.color, r.by, r.reason);
  const [stored] = await db.batch<ReadingRow>([insert, ...meterCreatedEvent(db)]);
  const row = stored?.results[0];
  if (!row) throw new Error('recordCounterReset: the reset is not in D1');
  return row;
}

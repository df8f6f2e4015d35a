/**
 * A held reading accepted as it stands: a correction with the same counters, by the person who
 * checked it, with the reason, as the desk's 'Popraw' with the same numbers does
 * (model-reading-corrections.ts). The caller names the reading's device with its contract's context.
 */
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { type ReadingDevice, readingById } from './model.ts';
import { type CorrectionResult, correctReading } from './model-reading-corrections.ts';

export async function acceptHeldReading(
  db: D1Database,
  device: ReadingDevice,
  readingId: number,
  by: string,
  reason: string,
  today = warsawToday(),
): Promise<CorrectionResult> {
  const old = await readingById(db, readingId);
  if (!old || old.device_row !== device.deviceRow) return { kind: 'missing' };
  return correctReading(db, device, {
    readingId,
    readOn: old.read_on,
    mono: old.mono,
    color: old.color,
    withdraw: false,
    reason,
    by,
    today,
  });
}

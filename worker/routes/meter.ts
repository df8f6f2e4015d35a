/**
 * `POST /api/meter-readings` ('Podaj stan licznika', issue 17, DESIGN §7): a customer's
 * counter reading for a registered device, through the lead forms' intake guard. It is
 * checked against the device's current counter: never lower (400 with the previous
 * reading named); a jump over 3× the monthly average answers 422 `{error, confirm: true}`
 * and is stored when the client sends it again with `confirm: true`. A replayed
 * `submissionId` answers the first reading (409 when its data differ).
 */
import { type Context, Hono } from 'hono';
import { bodyHash } from '../http/body-hash.ts';
import { SERVICE_API_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../http/intake.ts';
import { deviceBySerial } from '../models/devices.ts';
import { judgeReading, readingBySubmission, storeReading } from '../models/readings.ts';
import { meterReadingSchema } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';

export const meterReadings = new Hono<IntakeEnv>();

const spamAnswer = (c: Context<IntakeEnv>) => c.json({ ok: true, id: crypto.randomUUID() }, 201);

meterReadings.post('/', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId } = c.get('intake');
  const parsed = check(meterReadingSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const r = parsed.data;
  const hash = await bodyHash('meter', {
    serial: r.serial,
    mono: r.mono,
    color: r.color ?? null,
    readOn: r.readOn,
    note: r.note,
  });

  try {
    const first = await readingBySubmission(c.env.DB, submissionId);
    if (first) {
      if (first.body_hash !== hash) return c.json({ error: SERVICE_API_ERRORS.readingReplayConflict }, 409);
      return c.json({ ok: true, id: String(first.id), serial: r.serial, readOn: first.read_on }, 201);
    }
    const device = await deviceBySerial(c.env.DB, r.serial);
    if (!device) return c.json({ error: SERVICE_API_ERRORS.unknownSerial }, 400);
    const verdict = await judgeReading(c.env.DB, device.id, { readOn: r.readOn, mono: r.mono, color: r.color ?? null });
    if (verdict.kind === 'lower')
      return c.json(
        { error: SERVICE_API_ERRORS.lower(verdict.previous.mono, verdict.previous.color, verdict.previous.readOn) },
        400,
      );
    if (verdict.kind === 'jump' && !r.confirm)
      return c.json({ error: SERVICE_API_ERRORS.jump(verdict.monthlyNow, verdict.monthlyAverage), confirm: true }, 422);
    const { row } = await storeReading(c.env.DB, {
      deviceRow: device.id,
      readOn: r.readOn,
      mono: r.mono,
      color: r.color ?? null,
      note: r.note,
      sentBy: `${r.name} <${r.email}>`,
      marketingConsent: r.marketingConsent,
      submissionId,
      bodyHash: hash,
    });
    return c.json({ ok: true, id: String(row.id), serial: device.serial, readOn: row.read_on }, 201);
  } catch (error) {
    console.error('meter: storing the reading failed', error);
    return c.json({ error: SERVICE_API_ERRORS.readingStorage }, 503);
  }
});

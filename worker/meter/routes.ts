/**
 * Counter readings from customers ('Podaj stan licznika', DESIGN §7, §8), through the lead
 * forms' intake guard:
 *
 *  - `GET /api/meter-readings/device?t=<token>`: what the reading link's holder may see of
 *    their device (serial, model, mono or colour, the contract, the last accepted reading);
 *    404 for a token nobody has.
 *  - `POST /api/meter-readings` `{t, mono, color?, readOn?, note?, name, email, confirm?, …}`:
 *    a reading of the device of token `t`, under the counter's rules (worker/meter/model.ts
 *    `recordReading`): refused with the reason (400), an implausible reading asks
 *    `{confirm: true}` (422) from the device's first reading on, stored (201) with a
 *    confirmation to the contract's address (portal/customer-reading.ts); a confirmed
 *    implausible one is stored held for the desk and answered `{…, held: true, message}`.
 *    A replayed `submissionId` answers the first reading; with other data, 409, also when
 *    the requests race.
 *
 * Only the link's holder may send a reading: a body without `t` is refused (403) with the
 * same answer for every serial, registered or not, so a serial number typed by a stranger
 * never reaches a bill and the answer never tells whether the device is ours.
 */
import { type Context, Hono } from 'hono';
import { SERVICE_API_ERRORS, readingRefusal } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { type Contract, type ContractDevice, deviceByReadingToken } from '../contracts/index.ts';
import { recordCustomerReading } from '../portal/customer-reading.ts';
import { acceptedReadingsOf } from './model.ts';
import { bodyHash } from '../http/body-hash.ts';
import { PAGE_COUNTING, SPOT_COLOUR_COUNTING } from '../../widgets/core/terms.ts';
import { READING_TOKEN, meterReadingSchema } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { type MeterDevice, refusedField } from '../../widgets/core/meter.ts';

export const meterReadings = new Hono<IntakeEnv>();

const spamAnswer = (c: Context<IntakeEnv>) => c.json({ ok: true, id: crypto.randomUUID() }, 201);

async function deviceView(db: D1Database, contract: Contract, device: ContractDevice): Promise<MeterDevice> {
  const last = (await acceptedReadingsOf(db, device.deviceRow)).at(-1);
  return {
    serial: device.serial,
    device: device.rates.deviceName,
    type: device.rates.deviceType,
    contract: contract.number,
    company: contract.company,
    last: last ? { readOn: last.read_on, mono: last.mono, color: last.color } : null,
    pageCounting:
      contract.spotColour && device.rates.deviceType === 'color'
        ? `${PAGE_COUNTING} ${SPOT_COLOUR_COUNTING[contract.spotColour]}`
        : PAGE_COUNTING,
  };
}

meterReadings.get('/device', async (c) => {
  c.header('Cache-Control', 'no-store');
  const token = c.req.query('t') ?? '';
  if (!READING_TOKEN.test(token)) return c.json({ error: SERVICE_API_ERRORS.readingLinkUnknown }, 404);
  const found = await deviceByReadingToken(c.env.DB, token);
  if (!found) return c.json({ error: SERVICE_API_ERRORS.readingLinkUnknown }, 404);
  return c.json(await deviceView(c.env.DB, found.contract, found.device));
});

meterReadings.post('/', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId } = c.get('intake');
  const parsed = check(meterReadingSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const r = parsed.data;
  if (!r.t) return c.json({ error: SERVICE_API_ERRORS.readingLinkRequired }, 403);
  const hash = await bodyHash('meter', {
    t: r.t,
    mono: r.mono,
    color: r.color ?? null,
    readOn: r.readOn,
    note: r.note,
  });

  try {
    const found = await deviceByReadingToken(c.env.DB, r.t);
    if (!found) return c.json({ error: SERVICE_API_ERRORS.readingLinkUnknown }, 404);
    const { contract, device } = found;
    // Stored with its confirmation to the contract's address (never the one typed in the form).
    const result = await recordCustomerReading(c.env, contract, device, {
      readOn: r.readOn,
      mono: r.mono,
      color: r.color ?? null,
      note: r.note,
      sentBy: `${r.name} <${r.email}>`,
      source: 'link',
      marketingConsent: r.marketingConsent,
      submissionId,
      bodyHash: hash,
      confirm: r.confirm,
    });
    switch (result.kind) {
      case 'stored':
      case 'replay': {
        const answer = { ok: true, id: String(result.row.id), serial: device.serial, readOn: result.row.read_on };
        // A confirmed implausible reading waits for the desk: the answer says so (the widget shows `message`).
        if (result.row.held === 1) return c.json({ ...answer, held: true, message: SERVICE_API_ERRORS.held }, 201);
        return c.json(answer, 201);
      }
      case 'conflict':
        return c.json({ error: SERVICE_API_ERRORS.readingReplayConflict }, 409);
      case 'refused':
        return c.json(
          {
            error: readingRefusal(result.reason, {
              neighbour: result.neighbour,
              contractStart: contract.startDate,
              contractEnd: contract.endDate,
            }),
            field: refusedField(result.reason, { mono: r.mono, color: r.color ?? null }, result.neighbour),
          },
          400,
        );
      case 'jump':
        return c.json(
          { error: SERVICE_API_ERRORS.jump(result.monthlyNow, result.monthlyAverage, result.basis), confirm: true },
          422,
        );
    }
  } catch (error) {
    console.error('meter: storing the reading failed', error);
    return c.json({ error: SERVICE_API_ERRORS.readingStorage }, 503);
  }
});

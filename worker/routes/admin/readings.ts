/**
 * Counter readings in the admin (issue 17): `GET /api/admin/readings?serial=&month=`
 * (per device and per month), `POST /api/admin/readings` (the team's reading or a counter
 * reset, `{serial, readOn, mono, color?, reset?, note?}`, recorded with the session's
 * user), and the billing export `GET /api/admin/readings/billing?period=YYYY-MM`
 * (`&format=json` for the panel): pages used per device, the package's included pages,
 * pages over the limit and the overage net at the live catalogue's rates, mono and
 * colour apart; devices without a reading in the period are listed too.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { toCsv } from '../../http/csv.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS, SERVICE_API_ERRORS } from '../../http/errors.ts';
import { liveCatalogue } from '../../models/catalogue.ts';
import { deviceBySerial, listDevices } from '../../models/devices.ts';
import { asReading, judgeReading, listReadings, readingsUpTo, storeReading } from '../../models/readings.ts';
import { type Catalogue, LEVEL_NAMES, findDevice, findPackage } from '../../../widgets/core/model.ts';
import { monthBounds, overageOf, pagesInPeriod } from '../../../widgets/core/meter.ts';
import { SERVICE_ERRORS, meterReadingSchema } from '../../../widgets/core/service-validation.ts';
import { check } from '../../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from './guard.ts';
import type { Billing, BillingLine, ReadingList, ReadingListed } from '../../../widgets/core/admin-api.ts';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

const teamReadingSchema = v.object({
  serial: meterReadingSchema.entries.serial,
  mono: meterReadingSchema.entries.mono,
  color: meterReadingSchema.entries.color,
  readOn: meterReadingSchema.entries.readOn,
  note: meterReadingSchema.entries.note,
  reset: v.optional(v.boolean(SERVICE_ERRORS.body), false),
});

export const readingRoutes = new Hono<AdminEnv>();

readingRoutes.get('/readings', async (c) => {
  const serial = c.req.query('serial')?.trim();
  const month = c.req.query('month')?.trim() || undefined;
  if (month && !PERIOD.test(month)) return c.json({ error: SERVICE_ADMIN_ERRORS.period }, 400);
  let deviceRow: number | undefined;
  if (serial) {
    const device = await deviceBySerial(c.env.DB, serial.toUpperCase());
    if (!device) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
    deviceRow = device.id;
  }
  const rows = await listReadings(c.env.DB, { ...(deviceRow ? { deviceRow } : {}), ...(month ? { month } : {}) });
  return c.json({
    readings: rows.map(
      (r): ReadingListed => ({
        id: r.id,
        serial: r.serial,
        company: r.company,
        readOn: r.read_on,
        mono: r.mono,
        color: r.color,
        note: r.note,
        sentBy: r.sent_by,
        reset: r.reset === 1,
        createdAt: r.created_at,
      }),
    ),
  } satisfies ReadingList);
});

readingRoutes.post('/readings', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(teamReadingSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const r = parsed.data;
  const device = await deviceBySerial(c.env.DB, r.serial);
  if (!device) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
  if (!r.reset) {
    const verdict = await judgeReading(c.env.DB, device.id, { readOn: r.readOn, mono: r.mono, color: r.color ?? null });
    if (verdict.kind === 'lower')
      return c.json(
        { error: SERVICE_API_ERRORS.lower(verdict.previous.mono, verdict.previous.color, verdict.previous.readOn) },
        400,
      );
  }
  const { row } = await storeReading(c.env.DB, {
    deviceRow: device.id,
    readOn: r.readOn,
    mono: r.mono,
    color: r.color ?? null,
    note: r.note,
    sentBy: c.get('session').user,
    reset: r.reset,
  });
  return c.json({ ok: true, id: row.id }, 201);
});

/** The billing lines of a period for every registered device. */
export async function billing(db: D1Database, catalogue: Catalogue, period: string): Promise<BillingLine[]> {
  const { from, to } = monthBounds(period);
  const [devices, readings] = await Promise.all([listDevices(db), readingsUpTo(db, to)]);
  return devices.map((d) => {
    const model = findDevice(catalogue, d.device_id);
    const pkg = model ? findPackage(model, d.level) : undefined;
    const pages = pagesInPeriod(readings.filter((r) => r.device_row === d.id).map(asReading), from, to);
    const bill = pkg && pages ? overageOf(pages, pkg) : undefined;
    return {
      serial: d.serial,
      company: d.company,
      nip: d.nip,
      device: model?.name ?? d.device_id,
      level: LEVEL_NAMES[d.level],
      hasReading: !!pages,
      usedMono: pages?.mono ?? 0,
      usedColor: pages?.color ?? 0,
      includedMono: pkg?.monthlyLimit ?? 0,
      includedColor: pkg?.colorLimit ?? 0,
      overMono: bill?.over.mono ?? 0,
      overColor: bill?.over.color ?? 0,
      rateMono: pkg?.overage.mono ?? 0,
      rateColor: pkg?.overage.color ?? 0,
      amountMono: bill?.amountMono ?? 0,
      amountColor: bill?.amountColor ?? 0,
      amount: bill?.amount ?? 0,
    };
  });
}

const money = (n: number): string => n.toFixed(2).replace('.', ',');
const rate = (n: number): string => String(n).replace('.', ',');

readingRoutes.get('/readings/billing', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: SERVICE_ADMIN_ERRORS.period }, 400);
  const lines = await billing(c.env.DB, await liveCatalogue(c.env.DB), period);
  const total = Math.round(lines.reduce((sum, l) => sum + l.amount * 100, 0)) / 100;
  if (c.req.query('format') === 'json') return c.json({ period, lines, total } satisfies Billing);
  const header = [
    'okres',
    'numer_seryjny',
    'firma',
    'nip',
    'urzadzenie',
    'pakiet',
    'strony_mono',
    'strony_kolor',
    'w_cenie_mono',
    'w_cenie_kolor',
    'ponad_limit_mono',
    'ponad_limit_kolor',
    'stawka_mono_netto',
    'stawka_kolor_netto',
    'kwota_mono_netto',
    'kwota_kolor_netto',
    'kwota_netto',
    'uwagi',
  ];
  const rows: unknown[][] = lines.map((l) => [
    period,
    l.serial,
    l.company,
    l.nip,
    l.device,
    l.level,
    l.usedMono,
    l.usedColor,
    l.includedMono,
    l.includedColor,
    l.overMono,
    l.overColor,
    rate(l.rateMono),
    rate(l.rateColor),
    money(l.amountMono),
    money(l.amountColor),
    money(l.amount),
    l.hasReading ? '' : 'brak odczytu w okresie',
  ]);
  rows.push([period, 'RAZEM', '', '', '', '', '', '', '', '', '', '', '', '', '', '', money(total), '']);
  return c.body(toCsv(header, rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="rozliczenie-${period}.csv"`,
  });
});

/**
 * A collector's push (docs/collector.md "The protocol with the Worker"), checked: the body the
 * collector sends, `{pushId, sentAt, readings: [...], failures: [...]}`, each reading as
 * collector/read-device.mjs `Reading` makes it. Unknown fields are ignored (a newer collector).
 */
import * as v from 'valibot';
import type { SpotColour } from '../../widgets/core/terms.ts';

/**
 * The most readings in one push: the Worker stores a push in this one request, within the 1 000 D1
 * queries a request may make: 50 first readings of 50 devices took 910 (collector.test.ts), so 40
 * leave room for the toner orders and tickets a push may also write. The collector splits a poll's
 * readings into pushes of this many (collector/client.mjs `PUSH_READINGS`).
 */
export const PUSH_READINGS = 40;

export const COLLECTOR_ERRORS = {
  code: 'Kod jest nieprawidłowy, wykorzystany albo wygasł.',
  signature: 'Podpis kolektora jest nieprawidłowy.',
  time: 'Czas kolektora różni się od czasu serwera o więcej niż 5 minut – ustaw zegar komputera.',
  replay: 'Ta przesyłka została już odebrana (powtórzony podpis).',
  body: 'Przesyłka kolektora ma nieprawidłowy format.',
  tooLarge: 'Przesyłka kolektora jest za duża (najwyżej 2 MB).',
  tooMany: `Przesyłka kolektora ma za dużo odczytów (najwyżej ${PUSH_READINGS}): zaktualizuj kolektor, który dzieli odczyty na mniejsze przesyłki.`,
  notConfigured: 'Kolektory nie są skonfigurowane (brak sekretu COLLECTOR_KEY_SECRET).',
  contract: 'Nie ma takiej umowy.',
} as const;

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const shortText = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const readingSchema = v.object({
  serial: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  model: v.optional(shortText(200), ''),
  profile: shortText(64),
  profileChecked: v.boolean(),
  at: v.pipe(v.string(), v.isoTimestamp()),
  unit: v.picklist(['impressions', 'sheets']),
  counters: v.record(shortText(64), count),
  markerLife: v.optional(v.array(v.object({ marker: v.number(), count })), []),
  toner: v.optional(v.array(v.object({ colorant: shortText(64), level: v.number(), max: v.number() })), []),
  status: v.optional(
    v.object({
      device: v.nullable(v.number()),
      errors: v.array(shortText(64)),
      alerts: v.optional(
        v.array(v.object({ code: v.number(), group: shortText(32), description: shortText(500) })),
        [],
      ),
    }),
    { device: null, errors: [], alerts: [] },
  ),
});
export type CollectorReading = v.InferOutput<typeof readingSchema>;

export const pushSchema = v.object({
  pushId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  sentAt: v.optional(v.string()),
  readings: v.pipe(v.array(readingSchema), v.maxLength(PUSH_READINGS, COLLECTOR_ERRORS.tooMany)),
  failures: v.optional(
    v.pipe(v.array(v.object({ host: shortText(100), at: shortText(40), reason: shortText(40) })), v.maxLength(5000)),
    [],
  ),
});
export type Push = v.InferOutput<typeof pushSchema>;

/** The time window of a push's `X-Collector-Time` around the Worker's clock (and of the replay memory). */
export const WINDOW_SECONDS = 300;

/**
 * The billing counters of a reading (DESIGN §5: mono and colour apart): mono = black copy +
 * black print, colour = full-colour copy + print (Konica Minolta's table); a device without
 * that table (the Printer-MIB profile) counts its `prtMarkerLifeCount`s as mono, and only a
 * mono device may. Single- and two-colour copy + print count as the contract says (`spot`,
 * widgets/core/terms.ts SPOT_COLOUR_COUNTING): into colour, into mono, or (null, a contract
 * that does not say) into neither, kept raw with the report. Undefined when the counters
 * cannot say (a colour device without its colour counters).
 */
export function billingCounters(
  r: Pick<CollectorReading, 'counters' | 'markerLife'>,
  deviceType: 'mono' | 'color',
  spot: SpotColour | null = null,
): { mono: number; color: number | null } | undefined {
  const c = r.counters;
  const hasBlack = c.blackCopy !== undefined || c.blackPrint !== undefined;
  const hasColour = c.fullColourCopy !== undefined || c.fullColourPrint !== undefined;
  if (deviceType === 'color') {
    if (!hasBlack || !hasColour) return undefined;
    const spotPages =
      (c.singleColourCopy ?? 0) + (c.singleColourPrint ?? 0) + (c.twoColourCopy ?? 0) + (c.twoColourPrint ?? 0);
    return {
      mono: (c.blackCopy ?? 0) + (c.blackPrint ?? 0) + (spot === 'mono' ? spotPages : 0),
      color: (c.fullColourCopy ?? 0) + (c.fullColourPrint ?? 0) + (spot === 'colour' ? spotPages : 0),
    };
  }
  if (hasBlack) return { mono: (c.blackCopy ?? 0) + (c.blackPrint ?? 0), color: null };
  if (r.markerLife.length === 0) return undefined;
  return { mono: r.markerLife.reduce((sum, m) => sum + m.count, 0), color: null };
}

const COLOURANTS = ['black', 'cyan', 'magenta', 'yellow'] as const;

/** A cartridge at or under this level (of its maximum) is ordered. */
export const TONER_LOW_PERCENT = 20;

/**
 * The cartridges at or under `threshold` % (the device's answer `level` / `max`): −3 (some
 * remaining), −2 (unknown) and a missing maximum are never a percentage, so never an order.
 */
export function lowToner(
  toner: CollectorReading['toner'],
  threshold = TONER_LOW_PERCENT,
): { colour: (typeof COLOURANTS)[number]; percent: number }[] {
  const low: { colour: (typeof COLOURANTS)[number]; percent: number }[] = [];
  for (const t of toner) {
    if (t.level < 0 || t.max <= 0) continue;
    const colour = COLOURANTS.find((c) => t.colorant.toLowerCase().includes(c));
    const percent = Math.round((t.level * 100) / t.max);
    if (colour && t.level * 100 <= threshold * t.max && !low.some((l) => l.colour === colour))
      low.push({ colour, percent });
  }
  return low;
}

export type TonerColour = (typeof COLOURANTS)[number];

/** A cartridge at or under this many days left at the device's pace is ordered, even above 20 %. */
export const TONER_DAYS_LEFT = 30;
/** The shortest time a pace is read over: a drop within a day or two says too little. */
export const TONER_PACE_MIN_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * Where a cartridge's pace is counted from: its first report (the level and maximum then). A
 * level above it, or another maximum, is a new cartridge, counted from that report.
 */
export interface TonerBase {
  colour: TonerColour;
  at: string;
  level: number;
  max: number;
}

/** A cartridge above 20 % that, at the device's pace, lasts `TONER_DAYS_LEFT` days or fewer. */
export interface TonerRunningOut {
  colour: TonerColour;
  percent: number;
  /** Percentage points a day since `base`. */
  perDay: number;
  daysLeft: number;
}

/**
 * The "~30 days left at the device's pace" rule (a cartridge ordered before it runs out, not only
 * at 20 %), for a report's toner at `at` against each cartridge's base: the pace is the drop since
 * the base over the days since it (at least `TONER_PACE_MIN_DAYS`), the days left the level now over
 * that pace:
 * 60 % then 45 % ten days later is 1,5 % a day, 45 / 1,5 = 30 days → an order. −3 (some
 * remaining), −2 (unknown) and a missing maximum are never a level: no pace, no order, no base.
 * A cartridge at or under `TONER_LOW_PERCENT` is `lowToner`'s. Answers the cartridges running out and the bases
 * to store (a first report, a new cartridge).
 */
export function tonerTrend(
  toner: CollectorReading['toner'],
  at: string,
  bases: readonly TonerBase[],
): { runningOut: TonerRunningOut[]; newBases: TonerBase[] } {
  const runningOut: TonerRunningOut[] = [];
  const newBases: TonerBase[] = [];
  const seen = new Set<TonerColour>();
  for (const t of toner) {
    const colour = COLOURANTS.find((c) => t.colorant.toLowerCase().includes(c));
    if (!colour || seen.has(colour)) continue;
    seen.add(colour);
    if (t.level < 0 || t.max <= 0) continue;
    const base = bases.find((b) => b.colour === colour);
    if (!base || base.max !== t.max || t.level > base.level) {
      newBases.push({ colour, at, level: t.level, max: t.max });
      continue;
    }
    const days = (Date.parse(at) - Date.parse(base.at)) / DAY_MS;
    const drop = base.level - t.level;
    if (days < TONER_PACE_MIN_DAYS || drop <= 0 || t.level * 100 <= TONER_LOW_PERCENT * t.max) continue;
    // level / (drop / days), multiplied out: 45 × 10 / 15 = 30 exactly, no rounding on the way.
    const daysLeft = (t.level * days) / drop;
    if (daysLeft <= TONER_DAYS_LEFT)
      runningOut.push({
        colour,
        percent: Math.round((t.level * 100) / t.max),
        perDay: (drop * 100) / t.max / days,
        daysLeft,
      });
  }
  return { runningOut, newBases };
}

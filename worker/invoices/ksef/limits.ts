/**
 * KSeF's request limits (spec/limity/limity-api.md): sliding windows of 1 s, 1 min and 1 h per
 * context (and address), all three at once, the first exceeded one blocking with 429 and a
 * `Retry-After`. The pacer keeps the sender inside them: it knows the last hour's requests
 * of each group (from D1, so consecutive runs add up), waits its turn before a request that
 * would exceed a window, and after a 429 waits what KSeF said.
 */
import type { Clock } from './clock.ts';

export interface Limit {
  perSecond: number;
  perMinute: number;
  perHour: number;
}

/** The documented limits of the endpoints the sender calls. */
export const KSEF_LIMITS = {
  /** POST /sessions/online */
  openOnline: { perSecond: 10, perMinute: 30, perHour: 120 },
  /** POST /sessions/online/{ref}/invoices: more than this goes to a batch session or waits. */
  sendInvoice: { perSecond: 10, perMinute: 30, perHour: 180 },
  /** POST /sessions/online/{ref}/close */
  closeOnline: { perSecond: 10, perMinute: 30, perHour: 120 },
  /** POST /sessions/batch */
  openBatch: { perSecond: 10, perMinute: 20, perHour: 60 },
  /** POST /sessions/batch/{ref}/close */
  closeBatch: { perSecond: 10, perMinute: 20, perHour: 60 },
  /** GET /sessions/{ref}/invoices/{invoiceRef} */
  invoiceStatus: { perSecond: 30, perMinute: 120, perHour: 1200 },
  /** GET /sessions/{ref}/invoices */
  sessionInvoices: { perSecond: 10, perMinute: 20, perHour: 200 },
  /** Other GET /sessions/*: a session's status, a UPO. */
  sessionsOther: { perSecond: 10, perMinute: 120, perHour: 1200 },
} as const satisfies Record<string, Limit>;

export type LimitGroup = keyof typeof KSEF_LIMITS;

const WINDOWS = [
  [1_000, 'perSecond'],
  [60_000, 'perMinute'],
  [3_600_000, 'perHour'],
] as const;

/** When (ms) one more request fits every window of `limit`, given the times of earlier ones (ascending). */
export function nextSlot(times: readonly number[], limit: Limit, now: number): number {
  let at = now;
  for (const [span, key] of WINDOWS) {
    const max = limit[key];
    const inWindow = times.filter((t) => t > now - span);
    if (inWindow.length >= max) at = Math.max(at, (inWindow[inWindow.length - max] as number) + span);
  }
  return at;
}

/** How many requests fit the minute's and the hour's windows now (the per-second one only paces them). */
export function roomNow(times: readonly number[], limit: Limit, now: number): number {
  const count = (span: number) => times.filter((t) => t > now - span).length;
  return Math.min(limit.perMinute - count(60_000), limit.perHour - count(3_600_000));
}

/** The request log and the waits of one context, for one run. */
export class Pacer {
  private readonly times = new Map<LimitGroup, number[]>();
  private readonly blocked = new Map<LimitGroup, number>();

  private constructor(
    private readonly db: D1Database,
    private readonly context: string,
    private readonly clock: Clock,
  ) {}

  /** The pacer of `context` with the last hour's requests (older ones are deleted). */
  static async load(db: D1Database, context: string, clock: Clock): Promise<Pacer> {
    const pacer = new Pacer(db, context, clock);
    const since = clock.now() - 3_600_000;
    await db.prepare('DELETE FROM ksef_requests WHERE at_ms <= ?').bind(since).run();
    const { results } = await db
      .prepare('SELECT grp, at_ms FROM ksef_requests WHERE context = ? AND at_ms > ? ORDER BY at_ms')
      .bind(context, since)
      .all<{ grp: LimitGroup; at_ms: number }>();
    for (const row of results) pacer.log(row.grp).push(row.at_ms);
    return pacer;
  }

  private log(group: LimitGroup): number[] {
    let list = this.times.get(group);
    if (!list) {
      list = [];
      this.times.set(group, list);
    }
    return list;
  }

  /** When the next request of `group` may go. */
  nextAt(group: LimitGroup): number {
    const now = this.clock.now();
    return Math.max(nextSlot(this.log(group), KSEF_LIMITS[group], now), this.blocked.get(group) ?? 0);
  }

  /** How many requests of `group` fit the windows now (the online session's share of this run). */
  room(group: LimitGroup): number {
    const now = this.clock.now();
    if ((this.blocked.get(group) ?? 0) > now) return 0;
    return Math.max(0, roomNow(this.log(group), KSEF_LIMITS[group], now));
  }

  /**
   * Waits for the turn of one request of `group` and counts it; `false` (not counted) when the
   * turn is later than `latest` (the caller leaves the work for a later run).
   */
  async take(group: LimitGroup, latest = Number.POSITIVE_INFINITY): Promise<boolean> {
    const at = this.nextAt(group);
    if (at > latest) return false;
    const wait = at - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
    const now = Math.max(this.clock.now(), at);
    this.log(group).push(now);
    await this.db
      .prepare('INSERT INTO ksef_requests (context, grp, at_ms) VALUES (?, ?, ?)')
      .bind(this.context, group, now)
      .run();
    return true;
  }

  /** KSeF said 429: nothing of `group` before `seconds` from now. */
  block(group: LimitGroup, seconds: number): void {
    this.blocked.set(group, this.clock.now() + seconds * 1000);
  }
}

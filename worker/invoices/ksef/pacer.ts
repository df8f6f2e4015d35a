/**
 * The pacer keeps the sender inside KSeF's limits (./limits.ts): it knows the last hour's
 * requests of each group (from D1, so consecutive runs add up), waits its turn before a request
 * that would exceed a window, and after a 429 waits what KSeF said.
 */
import type { Clock } from './clock.ts';
import { KSEF_LIMITS, type LimitGroup, nextSlot, roomNow } from './limits.ts';
import { lastHourRequests, recordRequest } from './model-ksef-requests.ts';

/** Each window is kept this much wider (at least; a sixtieth of a longer one): a request's way to KSeF varies. */
const MARGIN_MS = 200;

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
    for (const row of await lastHourRequests(db, context, clock.now()))
      pacer.log(row.grp as LimitGroup).push(row.at_ms);
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
    return Math.max(nextSlot(this.log(group), KSEF_LIMITS[group], now, MARGIN_MS), this.blocked.get(group) ?? 0);
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
    await recordRequest(this.db, this.context, group, now);
    return true;
  }

  /** KSeF said 429: nothing of `group` before `seconds` from now. */
  block(group: LimitGroup, seconds: number): void {
    this.blocked.set(group, this.clock.now() + seconds * 1000);
  }
}

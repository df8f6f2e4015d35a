/**
 * KSeF's request limits (spec/limity/limity-api.md): sliding windows of 1 s, 1 min and 1 h per
 * context (and address), all three at once, the first exceeded one blocking with 429 and a
 * `Retry-After`. Pure: the sender's pacer (./pacer.ts) keeps within them, the stand-in enforces them.
 */

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

/**
 * When (ms) one more request fits every window of `limit`, given the times of earlier ones
 * (ascending). `margin` (ms) widens each window: requests sent a window apart may arrive closer
 * together, so the sender keeps a margin that KSeF's own count does not need.
 */
export function nextSlot(times: readonly number[], limit: Limit, now: number, margin = 0): number {
  let at = now;
  for (const [span, key] of WINDOWS) {
    const max = limit[key];
    const width = span + (margin ? Math.max(margin, span / 60) : 0);
    const inWindow = times.filter((t) => t > now - width);
    if (inWindow.length >= max) at = Math.max(at, (inWindow[inWindow.length - max] as number) + width);
  }
  return at;
}

/** How many requests fit the minute's and the hour's windows now (the per-second one only paces them). */
export function roomNow(times: readonly number[], limit: Limit, now: number): number {
  const count = (span: number) => times.filter((t) => t > now - span).length;
  return Math.min(limit.perMinute - count(60_000), limit.perHour - count(3_600_000));
}

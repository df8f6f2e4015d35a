/**
 * The sender's time: the instant and a way to wait. Tests give their own, so that a limit's
 * window or a lease's expiry passes without the test waiting for it.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

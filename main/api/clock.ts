// The app's one clock: time now, and waiting for it. Tests pass fakes, so that seconds of waiting
// take no time; each part of the app asks only for what it uses (ApiClock, core's TimerClock).
// Per-attempt request timeouts use real timers: they guard against a silent network, which only
// real time can measure.
export interface Clock {
  now(): number;
  /** Resolves after ms (at once for ms <= 0). */
  sleep(ms: number): Promise<void>;
  /** A wait that can be called off (clearTimeout); answers its handle. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the client's waits use (rate limiter spacing, retry backoff). */
export type ApiClock = Pick<Clock, 'now' | 'sleep'>;

/** What core uses: waits it may call off (the worker's polls and backoffs). */
export type TimerClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

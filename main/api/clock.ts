// The time source of the client's waits (rate limiter spacing, retry backoff). Tests pass a fake
// one so that seconds of waiting take no time. Per-attempt timeouts use real timers: they guard
// against a silent network, which only real time can measure.
export interface ApiClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: ApiClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

// The scheduler seam of event delivery: the waits between webhook retries and the broadcast
// interval go through it, so tests run the 3-day retry window in milliseconds with a manual
// scheduler that follows the injected clock (ServiceOptions.now). Request timeouts are not
// scheduled here: they bound real network waits and stay on wall-clock time.

export interface Scheduler {
  /** Calls fn once, ms from now (by the service's clock); answers a cancel. */
  setTimeout(fn: () => void, ms: number): () => void;
}

// setTimeout fires at once beyond 2^31-1 ms; a longer wait is re-armed when it fires early.
const MAX_TIMEOUT = 2 ** 31 - 1;

export const realScheduler: Scheduler = {
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, Math.max(0, Math.min(ms, MAX_TIMEOUT)));
    // A pending retry must not keep a process alive that has nothing else to do.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

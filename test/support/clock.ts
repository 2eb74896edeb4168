// A clock the test moves by hand, injected where the code takes a Clock (main/core/types.ts):
// core's timers (backoff, poll) fire only when it is advanced.
import type { Clock } from '../../main/core/types';

export interface FakeClock extends Clock {
  advance(ms: number): void;
  /** How many timers are waiting, and the nearest one's delay. */
  pending(): { count: number; nextInMs: number | null };
}

export function fakeClock(start = new Date(2025, 2, 10, 9, 0, 0).getTime()): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    pending() {
      const ats = [...timers.values()].map((t) => t.at - now);
      return { count: ats.length, nextInMs: ats.length ? Math.min(...ats) : null };
    },
  };
}

// Holds the update's state (policy.ts) and says when to look at the feed: once at start, then every
// 6 hours on core's clock. A failed look is not retried sooner (a feed that is down is asked again
// at the next check, not hammered); a look is skipped while a download is under way or ready.

import type { TimerClock } from '../../../api/clock';
import { initialUpdateState, shouldCheck, stepUpdate, type UpdateEvent, type UpdateState } from './policy';

export const UPDATE_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export interface UpdateScheduler {
  state(): UpdateState;
  /** Steps the state with what the updater reported; tells the listeners when it changed. */
  report(event: UpdateEvent): void;
  /** Looks now, then every 6 hours. */
  start(): void;
  stop(): void;
  /** Calls back on every change of the state; returns the unsubscribe function. */
  subscribe(listener: (state: UpdateState) => void): () => void;
}

export function createUpdateScheduler(deps: {
  clock: TimerClock;
  /** Asks the feed (electron-updater's checkForUpdates); its events come back through report(). */
  check(): void;
}): UpdateScheduler {
  let state = initialUpdateState();
  let wake: unknown = null;
  let stopped = false;
  const listeners = new Set<(state: UpdateState) => void>();

  const look = () => {
    wake = null;
    if (stopped) return;
    if (shouldCheck(state)) deps.check();
    wake = deps.clock.setTimeout(look, UPDATE_CHECK_EVERY_MS);
  };

  return {
    state: () => state,
    report(event) {
      const next = stepUpdate(state, event);
      if (next === state || JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    start() {
      if (wake === null && !stopped) look();
    },
    stop() {
      stopped = true;
      if (wake !== null) deps.clock.clearTimeout(wake);
      wake = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

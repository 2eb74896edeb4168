// Core's holder of the reminder policy's state (policy.ts): steps it whenever core's state changes
// and wakes itself, with one timeout on core's clock, at the next moment the policy names (the
// start or end of the hours, a snooze's end), never on a tick.

import type { ReminderSettings } from '../../../../common/settings';
import type { TimerClock } from '../../../api/clock';
import { answeredReminder, initialReminderState, stepReminder, type ReminderState } from './policy';

export interface ReminderScheduler {
  /** Steps the policy now; answers whether the reminder on screen changed (the snapshot must be rebuilt). */
  check(): boolean;
  /** Epoch ms the reminder on screen was raised, or null. */
  openAt(): number | null;
  /** Closes the reminder on screen, snoozed or not; answers whether one was open. */
  answer(snooze: boolean): boolean;
  stop(): void;
}

export function createReminderScheduler(deps: {
  clock: TimerClock;
  settings(): ReminderSettings;
  /** Whether a timer runs; null while that is not known yet (before the first read): nothing is decided then. */
  timerRuns(): boolean | null;
  /** The reminder changed when its own time came (not on a check core asked for): rebuild the snapshot. */
  changed(): void;
}): ReminderScheduler {
  let state: ReminderState = initialReminderState();
  let wake: { at: number; handle: unknown } | null = null;
  let stopped = false;

  const schedule = (at: number | null) => {
    if (wake?.at === at) return;
    if (wake) deps.clock.clearTimeout(wake.handle);
    wake = null;
    if (at === null || stopped) return;
    const handle = deps.clock.setTimeout(
      () => {
        wake = null;
        if (check()) deps.changed();
      },
      Math.max(0, at - deps.clock.now()),
    );
    wake = { at, handle };
  };

  const check = (): boolean => {
    if (stopped) return false;
    const timerRuns = deps.timerRuns();
    if (timerRuns === null) return false;
    const before = state.openAt;
    const step = stepReminder(state, { settings: deps.settings(), now: deps.clock.now(), timerRuns });
    state = step.state;
    schedule(step.nextCheckAt);
    return state.openAt !== before;
  };

  return {
    check,
    openAt: () => state.openAt,
    answer(snooze) {
      const open = state.openAt !== null;
      if (!open) return false;
      state = answeredReminder(state, snooze, deps.clock.now());
      check();
      return true;
    },
    stop() {
      stopped = true;
      schedule(null);
    },
  };
}

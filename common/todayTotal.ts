// Today's total as every view shows it: the minutes logged today (queued ones included) and the
// running timer's minutes so far, labelled "with Website's timer". One rule for the Today panel,
// the week's today row and the week's total, so the window never shows two different todays.

import { liveSeconds } from './liveSeconds';
import type { TimerView } from './snapshot';

export interface TodayTotal {
  /** Logged plus the running timer's whole minutes (as its card shows them). */
  minutes: number;
  /** The running timer's minutes counted in. */
  timerMinutes: number;
  /** "with Website's timer" while a timer runs, null otherwise: said wherever the total counts it. */
  label: string | null;
  /** The running timer's project while its minutes count in, for a window that says it in its own language; null otherwise. */
  timerProject: string | null;
}

export function todayTotal(loggedMinutes: number, timers: readonly TimerView[], now: number): TodayTotal {
  const running = timers.find((t) => t.state === 'running');
  if (!running) return { minutes: loggedMinutes, timerMinutes: 0, label: null, timerProject: null };
  const timerMinutes = Math.floor(liveSeconds(running, now) / 60);
  return {
    minutes: loggedMinutes + timerMinutes,
    timerMinutes,
    label: `with ${running.projectName}'s timer`,
    timerProject: running.projectName,
  };
}

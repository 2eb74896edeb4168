// When the shell samples the system's idle time: while a timer runs, and, once the user was seen
// idle, until their return is seen too (the timer may have been paused elsewhere meanwhile, and
// the return must still end the time away).

import type { TimerView } from '../../../../common/snapshot';
import { AWAY_FLOOR_SECONDS } from './policy';

export const IDLE_SAMPLE_MS = 15_000;

/** `lastIdleSeconds`: the previous sample's idle time, null before the first. */
export function shouldSample(timers: readonly TimerView[], lastIdleSeconds: number | null): boolean {
  return timers.some((t) => t.state === 'running') || (lastIdleSeconds ?? 0) >= AWAY_FLOOR_SECONDS;
}

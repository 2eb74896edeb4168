import type { TimerView } from './snapshot';

type Timed = Pick<TimerView, 'state' | 'seconds' | 'asOf'>;

/** Milliseconds a timer has run since `asOf` at `now`: none while paused, never negative. */
const runMs = (timer: Timed, now: number) => (timer.state === 'running' ? Math.max(0, now - timer.asOf) : 0);

/**
 * A timer's elapsed seconds at `now` as the window and the tray show them: whole seconds counted
 * on from `asOf` while it runs; a paused one stays as it was.
 */
export function liveSeconds(timer: Timed, now: number): number {
  return timer.seconds + Math.floor(runMs(timer, now) / 1000);
}

/**
 * The same to the millisecond, for what core records and sends: a pause, a log or the time beyond
 * a log made elsewhere counts every started minute, so the part of a second matters there
 * (test/integration/outbox/conflicts.test.ts).
 */
export function exactLiveSeconds(timer: Timed, now: number): number {
  return timer.seconds + runMs(timer, now) / 1000;
}

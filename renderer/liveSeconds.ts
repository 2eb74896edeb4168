import type { TimerView } from '../common/snapshot';

/** A timer's elapsed seconds at `now`: it only grows while running; a paused one stays as it was. */
export function liveSeconds(timer: Pick<TimerView, 'state' | 'seconds' | 'asOf'>, now: number): number {
  if (timer.state !== 'running') return timer.seconds;
  return timer.seconds + Math.max(0, Math.floor((now - timer.asOf) / 1000));
}

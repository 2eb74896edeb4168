import type { TimerView } from './snapshot';

/**
 * A timer's elapsed seconds at `now`, in whole seconds as the window shows them: a running one
 * counts on from `asOf`; a paused one stays as it was. Core, the tray and the window all use this
 * one, so what is sent is what the user saw.
 */
export function liveSeconds(timer: Pick<TimerView, 'state' | 'seconds' | 'asOf'>, now: number): number {
  if (timer.state !== 'running') return timer.seconds;
  return timer.seconds + Math.max(0, Math.floor((now - timer.asOf) / 1000));
}

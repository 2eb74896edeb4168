// Bringing a timer on the service to the seconds the user saw: the loops that start, rewind,
// adjust and late pauses share. Target-based, so a repeat after a lost answer finds the timer
// there already and changes nothing.

import type { ServiceApi, Timer } from '../../api/types';
import { TOLERANCE_SECONDS } from './reconcile';

/** add_or_subtract_time answers where the timer landed; a slow network may need another nudge. */
export const ROUNDS = 3;

/**
 * Brings a running timer to the seconds the user sees now (`expected` is read after each answer).
 * add_or_subtract_time acts only on a running timer; its answer tells where it landed.
 */
export async function runAt(api: ServiceApi, timer: Timer, expected: () => number, rounds = ROUNDS): Promise<Timer> {
  for (let round = 0; round < rounds && timer.state === 'running'; round++) {
    const delta = expected() - timer.seconds;
    if (Math.abs(delta) < TOLERANCE_SECONDS) break;
    timer = await api.addOrSubtractTime(timer.project.id, { seconds: Math.round(delta) });
  }
  return timer;
}

/**
 * Brings a paused timer to `target` seconds: the service changes only a running timer, so it is
 * started (keeping its entry's date), corrected and paused again. Only while no other timer runs:
 * starting this one would pause that one, which someone is using. Answers 'blocked' then.
 */
export async function runPausedTo(api: ServiceApi, paused: Timer, target: () => number): Promise<'done' | 'blocked'> {
  let timer: Timer | undefined = paused;
  for (let round = 0; timer?.state === 'paused' && round < ROUNDS; round++) {
    const seconds = target();
    if (Math.abs(timer.seconds - seconds) < TOLERANCE_SECONDS) return 'done';
    if (await otherRunning(api, timer.project.id)) return 'blocked';
    const running = await api.startTimer(timer.project.id, { entry_date: timer.date });
    await runAt(api, running, () => seconds, 1);
    timer = await api.pauseTimer(timer.project.id);
  }
  return 'done';
}

async function otherRunning(api: ServiceApi, projectId: number): Promise<boolean> {
  // The running timer comes first in the list (GAPS.md "Timers").
  for await (const t of api.listTimers()) return t.state === 'running' && t.project.id !== projectId;
  return false;
}

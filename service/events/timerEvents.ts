// Timer changes as broadcast events (GAPS.md: subject timer, last_event timer.running,
// timer.paused, timer.logged or timer.deleted), built by resources/timers.ts inside the change's
// transaction.
//
// Decided: every change a receiver would want to re-read emits, not only start, pause, log and
// delete: a description change, a new pending timer or added time emit the event of the state
// the timer is in (running: timer.running; paused or pending: timer.paused). A change that
// changes nothing (pausing a paused timer) emits nothing.
import type { TimerState } from '../domain/timers';
import type { TimerEvent, TimerLastEvent } from './emit';

export function timerEvent(
  actor: { accountId: number; userId: number },
  lastEvent: TimerLastEvent,
  at: string,
): TimerEvent {
  return { lastEvent, accountId: actor.accountId, userId: actor.userId, at };
}

/** The last_event of a change that leaves the timer in `state`. */
export const stateEvent = (state: TimerState): TimerLastEvent =>
  state === 'running' ? 'timer.running' : 'timer.paused';

// The calls that change a timer in place: minutes added or taken off, and its note.

import type { Handlers } from '../../../common/contract';
import { exactLiveSeconds } from '../../../common/liveSeconds';
import { ok } from '../../../common/result';
import { isolated } from '../../../common/bidi';
import { refuse, said } from '../../../common/refusal';
import { type Decisions, noTimer } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import type { ShownState } from './shownState';

type TimerEditHandlers = Pick<Handlers, 'adjustTimer' | 'setTimerNote'>;

export function timerEditHandlers(decisions: Decisions, queue: OutboxQueue, shown: ShownState): TimerEditHandlers {
  return {
    adjustTimer: ({ projectId, minutes }) =>
      decisions.act(async (now, snap) => {
        const timer = decisions.timerOf(snap, projectId);
        if (!timer) return noTimer();
        if (minutes === 0)
          return refuse(
            'invalid_input',
            said('refusals.adjustMinutes'),
            'Enter the minutes to add, like +15, or to take off, like -10.',
            'minutes',
          );
        if (timer.state === 'pending')
          return refuse(
            'invalid_input',
            said('refusals.timerNoTimeYet', { name: isolated(timer.projectName) }),
            `${timer.projectName}'s timer has no time yet: start it first.`,
            'minutes',
          );
        const seconds = exactLiveSeconds(timer, now);
        if (minutes < 0 && seconds < 1)
          return refuse(
            'invalid_input',
            said('refusals.timerAtZero', { name: isolated(timer.projectName) }),
            `${timer.projectName}'s timer is at 0:00: there is nothing to take off.`,
            'minutes',
          );
        // Never below 0:00: taking off more than it has leaves it at 0:00.
        const target = Math.max(0, seconds + minutes * 60);
        const minutesChanged = minutes < 0 ? -Math.min(-minutes, Math.ceil(seconds / 60)) : minutes;
        shown.timerUsed(timer.projectId);
        await queue.enqueue(now, () => ({
          kind: 'adjustTimer',
          projectId: timer.projectId,
          projectName: timer.projectName,
          running: timer.state === 'running',
          seconds: target,
          minutes: minutesChanged,
        }));
        return ok(null);
      }),

    setTimerNote: ({ projectId, description }) =>
      decisions.act(async (now, snap) => {
        const timer = decisions.timerOf(snap, projectId);
        if (!timer) return noTimer();
        const note = description.trim();
        if (note === (timer.description ?? '')) return ok(null);
        shown.timerUsed(timer.projectId);
        await queue.enqueue(now, () => ({
          kind: 'setTimerNote',
          projectId: timer.projectId,
          projectName: timer.projectName,
          description: note,
        }));
        return ok(null);
      }),
  };
}

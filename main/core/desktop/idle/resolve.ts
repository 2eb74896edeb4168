// What each answer to the idle prompt queues. Keep changes nothing. Discard takes exactly the time
// away off the running timer, which runs on (a rewindTimer operation: the seconds it should show
// now). Discard and pause does the same and then pauses it there, so it stops at what it had when
// the user went away plus the moments since their return; the pause goes through the outbox like
// any other, so senders/sendOnce.ts runs a pause that lands late back to those seconds.
//
// Only a running timer can have time taken off: one paused, logged or discarded meanwhile
// (elsewhere, or here by the user) is refused, and the prompt offers only Keep then.

import { fail, ok, type Result } from '../../../../common/result';
import type { TimerView } from '../../../../common/snapshot';
import type { OperationBody } from '../../model/operations';
import { exactLiveSeconds } from '../../../../common/liveSeconds';
import type { IdlePrompt } from './policy';

export type IdleChoice = 'keep' | 'discard' | 'discard-and-pause';

/** `timer`: the prompt's timer in the snapshot now, if it has one. */
export function idleOperations(
  prompt: IdlePrompt | null,
  choice: IdleChoice,
  timer: TimerView | undefined,
  now: number,
): Result<OperationBody[]> {
  if (!prompt) return fail('not_found', 'There is no time away to decide about: it was answered already.');
  if (choice === 'keep') return ok([]);
  if (timer?.state !== 'running') {
    return fail(
      'invalid_input',
      `${prompt.projectName}'s timer is not running any more (it was paused, logged or discarded meanwhile), so there is no time to take off it. Choose Keep.`,
      'choice',
    );
  }
  const { projectId, projectName } = timer;
  const seconds = Math.max(0, exactLiveSeconds(timer, now) - prompt.idleSeconds);
  const rewind: OperationBody = {
    kind: 'rewindTimer',
    projectId,
    projectName,
    seconds,
    idleSeconds: prompt.idleSeconds,
  };
  return ok(choice === 'discard' ? [rewind] : [rewind, { kind: 'pauseTimer', projectId, projectName, seconds }]);
}

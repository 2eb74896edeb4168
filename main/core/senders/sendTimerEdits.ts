// Sends the changes made to a timer in place: its time adjusted, its note. Both are target-based
// (the seconds the user saw plus the change, the note as typed), so a repeat after a lost answer
// sets the same thing again and nothing is changed twice.

import { nullIfNotFound } from '../../api/errors';
import type { ServiceApi, Timer } from '../../api/types';
import { formatMinutes, type TimeFormat } from '../../../common/format';
import type { Operation } from '../model/operations';
import { nameIn } from './noticeWords';
import type { SendContext, Sent } from './sent';
import { runAt, runPausedTo } from './timerSeconds';

type Adjust = Extract<Operation, { kind: 'adjustTimer' }>;

/** "0:05 added to" ("0.08 added to" for fractions), in words for the notices. */
const change = (op: Adjust, format: TimeFormat) =>
  `${formatMinutes(Math.abs(op.minutes), format)} ${op.minutes < 0 ? 'taken off' : 'added to'}`;

/** "the time you added (0:05)". */
const asked = (op: Adjust, format: TimeFormat) =>
  `the time you ${op.minutes < 0 ? 'took off' : 'added'} (${formatMinutes(Math.abs(op.minutes), format)})`;

export async function sendAdjust(api: ServiceApi, op: Adjust, ctx: SendContext): Promise<Sent> {
  const name = nameIn(op.projectName);
  let timer: Timer | null = await api.getTimer(op.projectId).catch(nullIfNotFound);
  if (!timer)
    return {
      notice: `${name}'s timer was logged or discarded elsewhere before ${asked(op, ctx.timeFormat)} reached it; nothing was changed.`,
    };
  if (op.running && timer.state === 'running') {
    await runAt(api, timer, () => op.seconds + (ctx.now() - op.at) / 1000);
    return {};
  }
  // An earlier attempt started the paused timer to correct it and lost its answer: paused again,
  // it is corrected from where it is (the target does not move, so nothing is counted twice).
  if (!op.running && timer.state === 'running' && ctx.attempted) timer = await api.pauseTimer(op.projectId);
  if (!op.running && timer.state === 'paused') {
    // The service changes only a running timer: the paused one is run to the target and paused again.
    const done = await runPausedTo(api, timer, () => op.seconds);
    if (done === 'done') return {};
    return {
      notice: `The ${change(op, ctx.timeFormat)} ${name}'s paused timer could not be saved while another timer runs (starting it would pause that one); adjust it again once the other is paused.`,
    };
  }
  // Started or paused elsewhere meanwhile: which of its seconds the change applies to is a guess.
  return {
    notice: `${name}'s timer was ${timer.state === 'running' ? 'started' : 'paused'} elsewhere before ${asked(op, ctx.timeFormat)} reached it; nothing was changed.`,
  };
}

export async function sendNote(api: ServiceApi, op: Extract<Operation, { kind: 'setTimerNote' }>): Promise<Sent> {
  // PUT /timer creates a timer that is missing (spec 001): one logged or discarded elsewhere
  // meanwhile must not come back as an empty timer for the sake of its note.
  if (!(await api.getTimer(op.projectId).catch(nullIfNotFound)))
    return {
      notice: `${nameIn(op.projectName)}'s timer was logged or discarded elsewhere before its new note was saved; nothing was changed.`,
    };
  await api.updateTimer(op.projectId, { description: op.description });
  return {};
}

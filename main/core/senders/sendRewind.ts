// Sends a rewindTimer operation: the running timer is brought to the seconds the user chose (the
// time away taken off), counting on from the moment they chose. Target-based, so safe to repeat
// after a lost answer: a repeat finds the timer already there and changes nothing. A timer that
// stopped meanwhile (paused, logged or discarded elsewhere) is left as it is, and the user told:
// which of its seconds were the time away is a guess this side cannot make.

import { nullIfNotFound } from '../../api/errors';
import type { ServiceApi } from '../../api/types';
import { formatElapsed } from '../../../common/format';
import type { Operation } from '../model/operations';
import { nameIn } from './noticeWords';
import { runAt } from './timerSeconds';
import type { SendContext, Sent } from './sent';

export async function sendRewind(
  api: ServiceApi,
  op: Extract<Operation, { kind: 'rewindTimer' }>,
  ctx: SendContext,
): Promise<Sent> {
  const timer = await api.getTimer(op.projectId).catch(nullIfNotFound);
  // Written as the timer reads in the user's format: "0:25:00", or "0.42" hours for fractions.
  const away = formatElapsed(op.idleSeconds, ctx.timeFormat);
  const name = nameIn(op.projectName);
  if (!timer)
    return {
      notice: `${name}'s timer was logged or discarded elsewhere before your time away (${away}) could be taken off it; nothing was changed.`,
    };
  if (timer.state !== 'running') {
    return {
      notice: `${name}'s timer was paused elsewhere at ${formatElapsed(timer.seconds, ctx.timeFormat)} before your time away (${away}) could be taken off it; it keeps those seconds: correct it there if they include the time away.`,
    };
  }
  await runAt(api, timer, () => op.seconds + (ctx.now() - op.at) / 1000);
  return {};
}

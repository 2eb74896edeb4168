// The answer to the idle prompt (desktop/idle/resolve.ts decides what each choice queues), and the
// choice Harvest and Toggl offer besides: move the time away to another project. "Move" takes the
// time off the running timer as Discard does and logs it as an entry from a quick-entry line
// without the time ("@Acme #meeting lunch with the client"): the time is the time away, the day
// the one the user went away on. Both are queued in one write, so neither is sent without the other.

import type { Handlers } from '../../../common/contract';
import { formatMinutes, localDate } from '../../../common/format';
import { ok, type Result } from '../../../common/result';
import type { Snapshot } from '../../../common/snapshot';
import type { IdlePrompt } from '../desktop/idle/policy';
import { idleOperations } from '../desktop/idle/resolve';
import type { OperationBody } from '../model/operations';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import type { WindowView } from './windowView';
import { readQuickLine } from './quickLine';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';

/** The idle prompt's answer: decided in turn (decisions), queued (queue), the prompt read from and closed in the view. */
export function idleAnswerHandler(
  decisions: Decisions,
  queue: OutboxQueue,
  view: Pick<WindowView, 'idlePrompt' | 'closeIdlePrompt'>,
): Handlers['resolveIdle'] {
  return (request) =>
    decisions.act(async (now, snap) => {
      const prompt = view.idlePrompt();
      const timer = prompt ? decisions.timerOf(snap, prompt.projectId) : undefined;
      const choice = request.choice === 'move' ? 'discard' : request.choice;
      const ops = idleOperations(prompt, choice, timer, now);
      if (!ops.ok) return ops;
      const makes: Array<(id: string) => OperationBody> = ops.value.map((body) => () => body);
      if (request.choice === 'move') {
        const entry = awayEntry(request.line, prompt!, snap);
        if (!entry.ok) return entry;
        makes.push(entry.value);
      }
      if (makes.length > 0) await queue.enqueueAll(now, makes);
      view.closeIdlePrompt();
      return ok(null);
    });
}

/** The entry "move" logs: the line read as quick entry, with the time away as its time. */
function awayEntry(line: string, prompt: IdlePrompt, snap: Snapshot): Result<(id: string) => OperationBody> {
  const text = line.trim();
  if (!text.startsWith('@'))
    return refuse(
      'invalid_input',
      said('refusals.idleMoveNameProject'),
      'Name the project first, like “@Acme #meeting lunch with the client”.',
      'line',
    );
  const minutes = Math.max(1, Math.round(prompt.idleSeconds / 60));
  const read = readQuickLine(`${formatMinutes(minutes)} ${text}`, snap, localDate(prompt.idleSince));
  if (!read.ok) return { ...read, error: { ...read.error, field: 'line' } };
  if (read.value.logged.projectName === prompt.projectName)
    return refuse(
      'invalid_input',
      said('refusals.idleMoveOwnTimer', { name: isolated(prompt.projectName) }),
      `That is ${prompt.projectName}’s own timer: choose Keep instead.`,
      'line',
    );
  return ok(read.value.entry);
}

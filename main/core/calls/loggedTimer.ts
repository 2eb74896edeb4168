// An entry logged from a timer that the service does not have yet: its key is the logTimer
// operation's id and it has no entry id. The entry calls change it through that operation, so
// that it is still sent once: an edit amends the queued log (minutes, description), a delete
// within the log's undo grace is the undo, and after it turns the log into the timer's discard.
// Once a send of the log began, it may have landed without a trace to find it by (a log carries
// no marker), so the entry is changed once it is read back with its id, like any other.

import { ok, type Result } from '../../../common/result';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';
import type { EntryView, Snapshot } from '../../../common/snapshot';
import { editedEntry, type TypedEntry } from '../model/editedEntry';
import { stored } from '../../../common/lineStores';
import type { Operation } from '../model/operations';
import type { Outbox, OutboxItem } from '../sync/outbox';
import { withinGraceItem } from '../sync/undoable';
import { undoOperation } from './undo';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';

type LogOperation = Extract<Operation, { kind: 'logTimer' }>;

const BEING_SAVED = 'This entry is being saved to the service: change it once it shows as saved.';
const beingSaved = () => refuse('invalid_input', said('refusals.entryBeingSavedChange'), BEING_SAVED, 'key');

/** The queued log behind an entry's key, if that is what it is. */
export function queuedLogOf(outbox: Outbox, key: string): (OutboxItem & { op: LogOperation }) | undefined {
  const item = outbox.items().find((i) => i.op.id === key);
  return item?.op.kind === 'logTimer' ? (item as OutboxItem & { op: LogOperation }) : undefined;
}

/** The queued log behind a key, while no send of it has begun: only then can it be changed. */
function unsentLogOf(outbox: Outbox, key: string) {
  const item = queuedLogOf(outbox, key);
  return item?.status === 'pending' && !item.attempted ? item : undefined;
}

/** The entry's new values put into its log: still on its project, the minutes the service will store shown. */
export async function editLoggedTimer(
  decisions: Decisions,
  queue: OutboxQueue,
  { snap, entry, typed }: { snap: Snapshot; entry: EntryView; typed: TypedEntry },
): Promise<Result<null>> {
  const item = unsentLogOf(queue.outbox, entry.key);
  if (!item) return beingSaved();
  const { op } = item;
  const edited = editedEntry(typed, { projectId: op.projectId, projectName: op.projectName }, snap);
  if (!edited.ok) return edited;
  const values = edited.value;
  if (values.projectId !== op.projectId)
    return refuse(
      'invalid_input',
      said('refusals.loggedStaysOnProject', { name: isolated(op.projectName) }),
      `An entry logged from ${op.projectName}'s timer stays on ${op.projectName} until it is saved: move it once it shows as saved.`,
      'project',
    );
  const increment = decisions.incrementOf(snap, op.projectId);
  const { minutes } = stored(values.minutes, increment);
  // Saved unchanged: nothing to change.
  if (minutes === op.minutes && values.description === (op.description ?? '')) return ok(null);
  // The service is sent elapsedMinutes(seconds): whole minutes in seconds send exactly those.
  const amended: LogOperation = {
    ...op,
    seconds: values.minutes * 60,
    minutes,
    description: values.description || null,
    edited: true,
  };
  return amend(queue, amended);
}

/** Deletes the entry a queued log is to make: within the grace the log is undone, after it the timer is discarded instead. */
export async function deleteLoggedTimer(queue: OutboxQueue, now: number, key: string): Promise<Result<null>> {
  const item = unsentLogOf(queue.outbox, key);
  if (!item || item.op.discarded) return beingSaved();
  // Within its undo grace the log has not happened: deleting its entry is taking it back.
  if (withinGraceItem(item) && now < item.op.notBefore!) return undoOperation(queue.outbox, key, now);
  return amend(queue, { ...item.op, discarded: true });
}

async function amend(queue: OutboxQueue, op: LogOperation): Promise<Result<null>> {
  return (await queue.amend(op)) ? ok(null) : beingSaved();
}

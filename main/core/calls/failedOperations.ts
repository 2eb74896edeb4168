// The calls on operations the service refused (retry, edit, discard) or the user takes back
// (undo), and on the notices beside them.

import type { Handlers, RequestOf } from '../../../common/contract';
import { fail, ok, type Result } from '../../../common/result';
import { refuse, said } from '../../../common/refusal';
import { archived } from './archived';
import { readDay } from '../../../common/dayWords';
import { checkProjectName } from '../../../common/projectName';
import type { Snapshot } from '../../../common/snapshot';
import { parseTimeString } from '../../../common/timeString';
import { cleanName, editedProject, projectNamed, type EditedEntry } from '../model/editedEntry';
import { roundUpToIncrement } from '../model/minutes';
import { editableValues, projectOf, type Operation } from '../model/operations';
import type { Outbox, OutboxItem } from '../sync/outbox';
import { undoOperation } from './undo';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import type { WindowView } from './windowView';
import { newProjectName } from './projects';

type OperationHandlers = Pick<
  Handlers,
  'undo' | 'retryOperation' | 'editOperation' | 'discardOperation' | 'dismissNotice'
>;

const NO_LONGER_FAILED = 'That change is no longer waiting to be fixed.';
const noLongerFailed = () => refuse('not_found', said('refusals.noLongerFailed'), NO_LONGER_FAILED, 'id');
const notEditable = () =>
  refuse(
    'invalid_input',
    said('refusals.changeNotEditable'),
    'This change cannot be edited: retry or discard it.',
    'id',
  );

/** The failed operations' calls and the undo: decided in turn (decisions), on the queue (queue), a notice dismissed in the view. */
export function operationHandlers(
  decisions: Decisions,
  queue: OutboxQueue,
  view: Pick<WindowView, 'dismissNotice'>,
): OperationHandlers {
  const { outbox } = queue;
  return {
    undo: ({ id }) =>
      decisions.act(async (now) => {
        const undone = await undoOperation(outbox, id, now);
        if (undone.ok) queue.changed();
        return undone;
      }),

    retryOperation: ({ id }) =>
      decisions.act(async () => {
        const waitsOn = creationWaitedOn(outbox, id);
        if (waitsOn === 'gone')
          return refuse(
            'invalid_input',
            said('refusals.newProjectDiscarded'),
            'Its new project was discarded, so this cannot be sent: discard it.',
            'id',
          );
        // Waiting on a creation that failed: retrying it means retrying that creation first.
        if (waitsOn?.status === 'failed') await outbox.retry(waitsOn.op.id);
        if (!(await outbox.retry(id))) return noLongerFailed();
        queue.sendNow();
        return ok(null);
      }),

    editOperation: ({ id, changes }) =>
      decisions.act(async (_now, snap) => {
        const item = outbox.items().find((i) => i.op.id === id);
        if (item?.status !== 'failed') return noLongerFailed();
        const edited = editedOperation(item.op, changes, snap, decisions);
        if (!edited.ok) return edited;
        if (!(await outbox.edit(edited.value))) return noLongerFailed();
        queue.sendNow();
        return ok(null);
      }),

    // Gone already (dismissed in another window, or core restarted) is what the user asked for.
    dismissNotice: async ({ id }) => {
      view.dismissNotice(id);
      return ok(null);
    },

    discardOperation: ({ id }) =>
      decisions.act(async () => {
        const item = outbox.items().find((i) => i.op.id === id);
        if (!(await outbox.discard(id))) return noLongerFailed();
        // A project that will not be created takes what waits on it along: it could never be sent.
        if (item?.op.kind === 'createProject') await discardWaiting(outbox, item.op.localId);
        queue.changed();
        return ok(null);
      }),
  };
}

/** The creation of the project an operation waits on (its local id), 'gone' when that was discarded. */
function creationWaitedOn(outbox: Outbox, id: string): OutboxItem | 'gone' | undefined {
  const item = outbox.items().find((i) => i.op.id === id);
  const project = item ? projectOf(item.op) : null;
  if (project === null || project >= 0) return undefined;
  return outbox.items().find((i) => i.op.kind === 'createProject' && i.op.localId === project) ?? 'gone';
}

/** Discards (failed) or withdraws (queued, never sent: no local id is) every operation naming the local project. */
async function discardWaiting(outbox: Outbox, localId: number): Promise<void> {
  for (const waiting of outbox.items().filter((i) => projectOf(i.op) === localId)) {
    if (waiting.status === 'failed') await outbox.discard(waiting.op.id);
    else if (waiting.status === 'pending') await outbox.withdraw(waiting.op.id);
  }
}

type Changes = RequestOf<'editOperation'>['changes'];

/**
 * A failed operation with the user's changes, checked as the action that made it was: the time
 * read as quick entry reads it, a project looked up by name. Anything refused names its field, and
 * nothing is queued.
 */
function editedOperation(
  op: Operation,
  changes: Changes,
  snap: Snapshot,
  decisions: Pick<Decisions, 'incrementOf'>,
): Result<Operation> {
  const allowed = editableValues(op).map((v) => v.field);
  if (allowed.length === 0) return notEditable();
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined && !allowed.includes(field as never))
      return refuse(
        'invalid_input',
        said('refusals.fieldNotEditable', { field }),
        `The ${field} of this change cannot be edited.`,
        field,
      );
  }

  const minutes = (): Result<number | undefined> => {
    if (changes.time === undefined) return ok(undefined);
    const parsed = parseTimeString(changes.time);
    return parsed.ok ? ok(parsed.minutes) : fail('invalid_input', parsed.message, 'time');
  };

  switch (op.kind) {
    case 'createEntry': {
      const time = minutes();
      if (!time.ok) return time;
      // The day as quick entry reads one: a real date up to today (or a day word such as yesterday).
      const day = changes.date === undefined ? undefined : readDay(changes.date, snap.today.date);
      if (day && !day.ok) return fail('invalid_input', day.message, 'date');
      const project =
        changes.project === undefined
          ? ok({ projectId: op.projectId, projectName: op.projectName })
          : entryProject(op, changes.project, snap);
      if (!project.ok) return project;
      return ok({
        ...op,
        ...(time.value !== undefined ? { minutes: time.value } : {}),
        ...(day ? { date: day.date } : {}),
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...project.value,
      });
    }
    case 'logTimer': {
      const time = minutes();
      if (!time.ok) return time;
      if (time.value === undefined) return ok(op);
      const increment = decisions.incrementOf(snap, op.projectId);
      // The service is sent elapsedMinutes(seconds): whole minutes in seconds send exactly those.
      return ok({ ...op, seconds: time.value * 60, minutes: roundUpToIncrement(time.value, increment) });
    }
    case 'updateEntry': {
      const time = minutes();
      if (!time.ok) return time;
      const project = changes.project === undefined ? ok({}) : editedProject(changes.project, op, snap);
      if (!project.ok) return project;
      const values: Partial<EditedEntry> = {
        ...(time.value !== undefined ? { minutes: time.value } : {}),
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...project.value,
      };
      return ok({ ...op, ...values });
    }
    case 'createProject': {
      if (changes.name === undefined) return ok(op);
      // Its own project is not in the snapshot (failed operations did not happen), so a name the
      // snapshot has is someone else's: the very duplicate the service refused, perhaps.
      const name = newProjectName(changes.name, snap);
      return name.ok ? ok({ ...op, name: name.value }) : name;
    }
    case 'setTimerNote':
      return ok(changes.description === undefined ? op : { ...op, description: changes.description.trim() });
    default:
      return notEditable();
  }
}

/**
 * The project an edited entry goes to, by name as quick entry takes it: a known project by its id
 * (refused while archived), an unknown name sent as project_name for the service to create, none
 * when left empty.
 */
function entryProject(
  op: Operation & { kind: 'createEntry' },
  typed: string,
  snap: Snapshot,
): Result<{ projectId: number | null; projectName: string | null }> {
  const name = cleanName(typed.startsWith('@') ? typed.slice(1) : typed);
  if (name === '') return ok({ projectId: null, projectName: null });
  const known = projectNamed(snap, name);
  if (known && !known.enabled) return archived(known.name, 'project');
  if (known) return ok({ projectId: known.id, projectName: known.name });
  // Its own project, still local and not in the snapshot (its creation failed too): the entry
  // keeps waiting on that creation rather than have the service make a second project so named.
  const ownLocal = op.projectId !== null && op.projectId < 0 && op.projectName?.toLowerCase() === name.toLowerCase();
  if (ownLocal) return ok({ projectId: op.projectId, projectName: op.projectName });
  // A new name, by the one rule (common/projectName.ts): the service creates it, if it can take it.
  const checked = checkProjectName(name, []);
  return checked.ok
    ? ok({ projectId: null, projectName: checked.name })
    : refuse('invalid_input', checked.words, checked.message, 'project');
}

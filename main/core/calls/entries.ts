// The entry calls: quick entry, editing one of today's or the shown week's entries, deleting one.

import type { Handlers, RequestOf } from '../../../common/contract';
import { localDate } from '../../../common/format';
import { ok, type Result } from '../../../common/result';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';
import { editedEntry } from '../model/editedEntry';
import { entrySummary } from '../model/entrySummary';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import { deleteLoggedTimer, editLoggedTimer, queuedLogOf } from './loggedTimer';
import { readQuickLine } from './quickLine';
import type { EntryLock, EntryView, Snapshot } from '../../../common/snapshot';
import { editedDate } from '../model/entryDate';
import { lockedRefusal } from '../../../common/entryLock';

type EntryHandlers = Pick<Handlers, 'quickEntry' | 'updateEntry' | 'deleteEntry'>;

/** One of today's entries, or of the shown week's, by a test on it. */
const entryWhere = (snap: Snapshot, test: (e: EntryView) => boolean): EntryView | undefined =>
  snap.today.entries.find(test) ?? snap.week.days.flatMap((d) => d.entries).find(test);
const NOT_SHOWN = "That entry is not among today's or the shown week's entries.";

/** Said of an entry that has no id yet and no queued operation that can take the change. */
const NOT_EDITABLE_YET = 'This entry is being saved to the service: edit it once it shows as saved.';

const notShown = (field: string) => refuse('not_found', said('refusals.entryNotShown'), NOT_SHOWN, field);
const notEditableYet = (field: string) =>
  refuse('invalid_input', said('refusals.entryBeingSavedEdit'), NOT_EDITABLE_YET, field);

/** lockedRefusal's sentence, and the same as a catalog message: invoiced, approved, or approved by someone. */
function locked(lock: EntryLock, change: 'edited' | 'deleted', field: string): Result<never> {
  const words =
    lock.reason === 'invoiced'
      ? said('refusals.lockedInvoiced', { change })
      : lock.by
        ? said('refusals.lockedApprovedBy', { change, by: isolated(lock.by) })
        : said('refusals.lockedApproved', { change });
  return refuse('invalid_input', words, lockedRefusal(lock, change), field);
}

/** The entry calls: each decided in turn (decisions) and queued (queue). */
export function entryHandlers(decisions: Decisions, queue: OutboxQueue): EntryHandlers {
  return {
    quickEntry: ({ text, locale }) =>
      decisions.act(async (now, snap) => {
        const line = readQuickLine(text, snap, localDate(now), { locale });
        if (!line.ok) return line;
        const key = await queue.enqueue(now, (id) => line.value.entry(id));
        return ok({ ...line.value.logged, key });
      }),

    deleteEntry: (request) => decisions.act((now, snap) => deleteEntry(queue, { now, snap, request })),

    updateEntry: (request) => decisions.act((now, snap) => updateEntry(decisions, queue, { now, snap, request })),
  };
}

/** Deletes an entry the service has, or cancels one still queued (sent only if already attempted), held for the undo grace. */
async function deleteEntry(
  queue: OutboxQueue,
  { now, snap, request }: { now: number; snap: Snapshot; request: RequestOf<'deleteEntry'> },
): Promise<Result<null>> {
  const { outbox } = queue;
  const byKey = 'key' in request;
  const entry = entryWhere(snap, byKey ? (e) => e.key === request.key : (e) => e.id === request.entryId);
  if (!entry) return notShown(byKey ? 'key' : 'entryId');
  // Refused at once, in words: queued, it would only fail later at the service (issue 27 item 8).
  if (entry.locked) return locked(entry.locked, 'deleted', byKey ? 'key' : 'entryId');
  const summary = entrySummary(entry, snap.timeFormat);
  const { id } = entry;
  if (id !== null) {
    await queue.enqueue(now, () => ({ kind: 'deleteEntry', entryId: id, summary }), true);
    return ok(null);
  }
  // Not at the service yet. An entry logged from a timer changes through its queued log
  // (loggedTimer.ts); one sent in an import is refused until read back, as its edit is.
  if (queuedLogOf(outbox, entry.key)) return deleteLoggedTimer(queue, now, entry.key);
  const queued = outbox.items().find((i) => i.op.id === entry.key);
  if (entry.editable === false || queued?.op.kind !== 'createEntry') return notEditableYet(byKey ? 'key' : 'entryId');
  // Cancelled after the same grace: never sent, it is withdrawn; sent, the delete finds
  // what it made by its marker (sendOnce.ts).
  const cancels = queued.op.id;
  await queue.enqueue(now, () => ({ kind: 'deleteEntry', entryId: null, cancels, summary }), true);
  return ok(null);
}

/** Changes an entry: one the service has by an updateEntry, one still queued by amending its createEntry or its log. */
async function updateEntry(
  decisions: Decisions,
  queue: OutboxQueue,
  { now, snap, request }: { now: number; snap: Snapshot; request: RequestOf<'updateEntry'> },
): Promise<Result<null>> {
  const { outbox } = queue;
  const { key, date: typedDate, ...typed } = request;
  const entry = entryWhere(snap, (e) => e.key === key);
  if (!entry) return notShown('key');
  if (entry.locked) return locked(entry.locked, 'edited', 'key');
  // An entry logged from a timer is editable through its queued log until a send of it began (loggedTimer.ts).
  if (entry.editable === false) return notEditableYet('key');
  const date = editedDate(typedDate, entry.date, localDate(now));
  if (!date.ok) return date;
  if (entry.id === null && queuedLogOf(outbox, key)) {
    // A log goes to the day it was logged on: its date changes once it is read back.
    if (date.value !== entry.date)
      return refuse(
        'invalid_input',
        said('refusals.loggedKeepsDay'),
        'An entry logged from a timer keeps its day until it shows as saved.',
        'date',
      );
    return editLoggedTimer(decisions, queue, { snap, entry, typed });
  }
  // Not created yet: its queued operation holds the values, and the project's id.
  const item = entry.id === null ? outbox.items().find((i) => i.op.id === key) : undefined;
  const queued = item?.op.kind === 'createEntry' ? item.op : undefined;
  const edited = editedEntry(typed, queued ?? { projectName: entry.projectName }, snap);
  if (!edited.ok) return edited;
  const values = edited.value;
  const moved = date.value !== entry.date;
  // Saved unchanged: nothing to send.
  if (
    !moved &&
    values.projectName === entry.projectName &&
    values.minutes === entry.minutes &&
    values.description === (entry.description ?? '')
  )
    return ok(null);
  if (entry.id !== null) {
    const entryId = entry.id;
    const onDay = moved ? { date: date.value } : {};
    await queue.enqueue(now, () => ({
      kind: 'updateEntry',
      entryId,
      ...values,
      ...onDay,
      summary: entrySummary(entry, snap.timeFormat),
    }));
    return ok(null);
  }
  if (!queued) return notEditableYet('key');
  const amended = {
    ...queued,
    ...values,
    date: date.value,
    projectId: values.projectId === undefined ? queued.projectId : values.projectId,
  };
  // Operations go in order: a project made after this entry's operation would not exist yet when it is sent.
  const local = amended.projectId === null ? 0 : decisions.projectId(amended.projectId);
  if (local < 0 && -local > queued.seq)
    return refuse(
      'invalid_input',
      said('refusals.projectNotSavedYet', { name: isolated(amended.projectName ?? '') }),
      `${amended.projectName} is not saved to the service yet: move this entry to it once it is.`,
      'project',
    );
  return (await queue.amend(amended)) ? ok(null) : notEditableYet('key');
}

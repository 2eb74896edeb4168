// The entry calls: quick entry, editing one of today's or the shown week's entries, deleting one.

import type { Handlers } from '../../../common/contract';
import { localDate } from '../../../common/format';
import { parseQuickEntry } from '../../../common/quickEntry';
import { fail, ok } from '../../../common/result';
import { editedEntry } from '../sync/entryEdit';
import { entryMarker } from '../sync/operations';
import { entrySummary } from '../undo/grace';
import type { HandlerKit } from './kit';
import type { EntryView, Snapshot } from '../../../common/snapshot';
import { editedDate } from '../sync/entryDate';

type EntryHandlers = Pick<Handlers, 'quickEntry' | 'updateEntry' | 'deleteEntry'>;

/** One of today's entries, or of the shown week's, by a test on it. */
const entryWhere = (snap: Snapshot, test: (e: EntryView) => boolean): EntryView | undefined =>
  snap.today.entries.find(test) ?? snap.week.days.flatMap((d) => d.entries).find(test);
const NOT_SHOWN = "That entry is not among today's or the shown week's entries.";

/** Said of an entry that has no id yet and no queued operation that can take the change. */
const NOT_EDITABLE_YET = 'This entry is being saved to the service: edit it once it shows as saved.';

export function entryHandlers(kit: HandlerKit): EntryHandlers {
  const { deps, outbox, act, queue } = kit;
  return {
    quickEntry: ({ text }) =>
      act(async (now, snap) => {
        const parsed = parseQuickEntry(
          text,
          snap.projects.map((p) => p.name),
        );
        if (!parsed.ok) return fail('invalid_input', parsed.message, parsed.field);
        const project = parsed.projectIsNew ? undefined : snap.projects.find((p) => p.name === parsed.projectName);
        if (project && !project.enabled) return fail('invalid_input', `${project.name} is archived.`, 'project');
        await queue(now, (id) => ({
          kind: 'createEntry',
          date: localDate(now),
          minutes: parsed.minutes,
          description: parsed.description,
          projectId: project?.id ?? null,
          projectName: parsed.projectName,
          marker: entryMarker(id),
        }));
        return ok({ minutes: parsed.minutes, projectName: parsed.projectName });
      }),

    deleteEntry: (request) =>
      act(async (now, snap) => {
        const byKey = 'key' in request;
        const entry = entryWhere(snap, byKey ? (e) => e.key === request.key : (e) => e.id === request.entryId);
        if (!entry) return fail('not_found', NOT_SHOWN, byKey ? 'key' : 'entryId');
        const summary = entrySummary(entry);
        const { id } = entry;
        if (id !== null) {
          await queue(now, () => ({ kind: 'deleteEntry', entryId: id, summary }), true);
          return ok(null);
        }
        // Not at the service yet. Branch point: an entry logged from a timer (its key a logTimer
        // operation's) or sent in an import is refused until read back, as its edit is.
        const queued = outbox.items().find((i) => i.op.id === entry.key);
        if (entry.editable === false || queued?.op.kind !== 'createEntry')
          return fail('invalid_input', NOT_EDITABLE_YET, byKey ? 'key' : 'entryId');
        // Cancelled after the same grace: never sent, it is withdrawn; sent, the delete finds
        // what it made by its marker (sendOnce.ts).
        const cancels = queued.op.id;
        await queue(now, () => ({ kind: 'deleteEntry', entryId: null, cancels, summary }), true);
        return ok(null);
      }),

    updateEntry: ({ key, date: typedDate, ...typed }) =>
      act(async (now, snap) => {
        const entry = entryWhere(snap, (e) => e.key === key);
        if (!entry) return fail('not_found', NOT_SHOWN, 'key');
        // Branch point: an entry logged from a timer (its key a logTimer operation's) is not editable until read back.
        if (entry.editable === false) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        const date = editedDate(typedDate, entry.date, localDate(now));
        if (!date.ok) return date;
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
          await queue(now, () => ({ kind: 'updateEntry', entryId, ...values, ...onDay, summary: entrySummary(entry) }));
          return ok(null);
        }
        if (!queued) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        const amended = {
          ...queued,
          ...values,
          date: date.value,
          projectId: values.projectId === undefined ? queued.projectId : values.projectId,
        };
        // Operations go in order: a project made after this entry's operation would not exist yet when it is sent.
        const local = amended.projectId === null ? 0 : outbox.projectId(amended.projectId);
        if (local < 0 && -local > queued.seq)
          return fail(
            'invalid_input',
            `${amended.projectName} is not saved to the service yet: move this entry to it once it is.`,
            'project',
          );
        let done = false;
        try {
          done = await outbox.amend(amended);
        } finally {
          // The worker took nothing while the amendment was written: wake it, whatever came of it.
          deps.queued();
        }
        return done ? ok(null) : fail('invalid_input', NOT_EDITABLE_YET, 'key');
      }),
  };
}

// The entry calls: quick entry, editing one of today's entries, deleting one.

import type { Handlers } from '../../../common/contract';
import { localDate } from '../../../common/format';
import { fail, ok } from '../../../common/result';
import { editedEntry } from '../sync/entryEdit';
import { entrySummary } from '../undo/grace';
import type { HandlerKit } from './kit';
import { deleteLoggedTimer, editLoggedTimer, queuedLogOf } from './loggedTimer';
import { readQuickLine } from './quickLine';

type EntryHandlers = Pick<Handlers, 'quickEntry' | 'updateEntry' | 'deleteEntry'>;

/** Said of an entry that has no id yet and no queued operation that can take the change. */
const NOT_EDITABLE_YET = 'This entry is being saved to the service: edit it once it shows as saved.';

export function entryHandlers(kit: HandlerKit): EntryHandlers {
  const { deps, outbox, act, queue } = kit;
  return {
    quickEntry: ({ text }) =>
      act(async (now, snap) => {
        const line = readQuickLine(text, snap, localDate(now));
        if (!line.ok) return line;
        await queue(now, (id) => line.value.entry(id));
        return ok(line.value.logged);
      }),

    deleteEntry: (request) =>
      act(async (now, snap) => {
        if ('key' in request) return deleteLoggedTimer(kit, now, request.key);
        const { entryId } = request;
        const entry = snap.today.entries.find((e) => e.id === entryId);
        if (!entry) return fail('not_found', "That entry is not among today's entries.", 'entryId');
        await queue(now, () => ({ kind: 'deleteEntry', entryId, summary: entrySummary(entry) }), true);
        return ok(null);
      }),

    updateEntry: ({ key, ...typed }) =>
      act(async (now, snap) => {
        const entry = snap.today.entries.find((e) => e.key === key);
        if (!entry) return fail('not_found', "That entry is not among today's entries.", 'key');
        if (entry.editable === false) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        if (entry.id === null && queuedLogOf(kit, key)) return editLoggedTimer(kit, snap, entry, typed);
        // Not created yet: its queued operation holds the values, and the project's id.
        const item = entry.id === null ? outbox.items().find((i) => i.op.id === key) : undefined;
        const queued = item?.op.kind === 'createEntry' ? item.op : undefined;
        const edited = editedEntry(typed, queued ?? { projectName: entry.projectName }, snap);
        if (!edited.ok) return edited;
        const values = edited.value;
        // Saved unchanged: nothing to send.
        if (
          values.projectName === entry.projectName &&
          values.minutes === entry.minutes &&
          values.description === (entry.description ?? '')
        )
          return ok(null);
        if (entry.id !== null) {
          const entryId = entry.id;
          await queue(now, () => ({ kind: 'updateEntry', entryId, ...values, summary: entrySummary(entry) }));
          return ok(null);
        }
        if (!queued) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        const amended = {
          ...queued,
          ...values,
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

// One entry as a row of a list, with Edit (an inline form, as a failed change is), Delete (even
// before it was sent) and Continue: today's (Today.tsx) and each day's of the week view
// (week/WeekDays.tsx). A locked entry (approved, or on an invoice) says so, and offers Continue
// alone: the service would refuse its edit or delete.

import type { RequestOf, StintBridge } from '../../common/contract';
import { readDay } from '../../common/dayWords';
import type { EntryLock, EntryView, ProjectView } from '../../common/snapshot';
import { entryFields, entryUpdate, entryWords, entryHints } from '../entryEdit';
import { type Action, useAction } from '../hooks';
import { useMinutes, useTimeFormat, windowNumbers } from '../timeFormat';
import { t } from '../app/words';
import { BillableMark } from './BillableMark';
import { ContinueAnswer, ContinueButton, useContinueEntry } from './ContinueEntry';
import { EditForm } from './EditForm';
import { SavedHereBadge } from './SavedHereBadge';
import { ErrorLine } from './ErrorLine';
import { useInlineEdit } from '../inlineEdit';
import { memo } from '../memo';
import { byData, focusWhenShown } from '../focusAfter';
import { useRef } from 'preact/hooks';
import type { EditValues } from '../editFields';
import { ProjectDot, projectColorOf } from './ProjectDot';

/** One entry with Edit, Delete and Continue; rendered again only when a prop changed (memo.ts). */
export const EntryRow = memo(function EntryRow({
  entry,
  projects,
  bridge,
  testId = 'today-entry',
  today,
  onMoved,
}: {
  entry: EntryView;
  projects: ProjectView[];
  bridge: StintBridge;
  testId?: string;
  /** Local YYYY-MM-DD: the Date field reads day words from it. */
  today?: string;
  /** Saved onto another day (YYYY-MM-DD): the list it leaves says where it went. */
  onMoved?: (date: string) => void;
}) {
  const { editing, editButton, open, close } = useInlineEdit({ rowStaysWhenSaved: true });
  const format = useTimeFormat();
  const words = entryWords(entry, format, windowNumbers);

  const continuing = useContinueEntry(entry, bridge);
  const { save, movedTo } = useSave(entry, bridge, today, onMoved);
  const deleting = useAction();
  const changeable = entry.editable !== false && !entry.locked;

  return (
    <li class="entry" data-testid={testId} data-project={entry.projectName ?? ''} data-key={entry.key}>
      <EntrySummary entry={entry} projects={projects} />
      {editing ? (
        <EditForm
          id={`entry-${entry.key}`}
          label={t('window-entries.editLabel', { entry: words })}
          fields={entryFields(entry, format)}
          projects={projects}
          hints={entryHints()}
          testId="edit-entry"
          today={today}
          billable={{ unbillableTags: entry.unbillableTags ?? [] }}
          save={save}
          onClose={(saved) => close(saved, movedTo.current === null)}
        />
      ) : (
        <>
          {/* Beside the text only while the row is hovered or holds the focus: the text has the
              row's width (issue 27 item 12). Tab reaches each button, and shows them. */}
          <span class="entry-actions" data-testid="entry-actions">
            {/* Logged from a timer, or sent in an import: editable once read back with its id; never when locked. */}
            {changeable && (
              <button
                type="button"
                ref={editButton}
                class="entry-button"
                aria-label={t('window-entries.editNamed', { entry: words })}
                onClick={open}
              >
                {t('window-entries.edit')}
              </button>
            )}
            {changeable && (
              <DeleteEntry
                words={words}
                request={entry.id !== null ? { entryId: entry.id } : { key: entry.key }}
                bridge={bridge}
                action={deleting}
              />
            )}
            <ContinueButton state={continuing} words={words} />
          </span>
          <ContinueAnswer state={continuing} />
          {deleting.error && (
            <div class="entry-line">
              <ErrorLine error={deleting.error} />
            </div>
          )}
        </>
      )}
    </li>
  );
});

/** The edit form's save; `movedTo`: the day a save moved the entry to, its row leaving this list. */
function useSave(entry: EntryView, bridge: StintBridge, today?: string, onMoved?: (date: string) => void) {
  const movedTo = useRef<string | null>(null);
  const save = async (values: EditValues) => {
    const result = await bridge.updateEntry(entryUpdate(entry.key, values));
    const day = result.ok && today !== undefined && values.date ? readDay(values.date, today) : null;
    movedTo.current = day?.ok && day.date !== entry.date ? day.date : null;
    if (movedTo.current) {
      onMoved?.(movedTo.current);
      // The focus follows the entry (issue 27 item 15).
      focusWhenShown(movedEntryControl(entry.key, movedTo.current));
    }
    return result;
  };
  return { save, movedTo };
}

/**
 * Where the focus goes once a save moved an entry to another day (issue 27 item 15): in the week,
 * the entry's row in that day, or the day itself while it is closed; out of the week's view,
 * Today's "Moved to …" line.
 */
function movedEntryControl(key: string, date: string) {
  return () => {
    const day = byData('li.week-day', 'date', date);
    const toggle = day?.querySelector<HTMLElement>('.week-day-toggle');
    if (toggle?.getAttribute('aria-expanded') === 'false') return toggle;
    const row = day && [...day.querySelectorAll<HTMLElement>('li.entry')].find((e) => e.dataset.key === key);
    return (
      row?.querySelector<HTMLElement>('button') ?? document.querySelector<HTMLElement>('[data-testid="today-moved"]')
    );
  };
}

/** The entry's minutes, project (with its colour) and description, whether it is billable, and whether it still waits to be sent. */
function EntrySummary({ entry, projects }: { entry: EntryView; projects: readonly ProjectView[] }) {
  const formatMinutes = useMinutes();
  return (
    <>
      <span class="entry-time" data-testid="entry-minutes">
        {formatMinutes(entry.minutes)}
      </span>
      <span class="entry-text">
        {entry.projectName && <ProjectDot color={projectColorOf(entry, projects)} />}
        {entry.projectName && (
          <span class="entry-project" title={entry.projectName}>
            {entry.projectName}
          </span>
        )}
        {entry.description && (
          <span class="entry-description clamp" title={entry.description}>
            {entry.description}
          </span>
        )}
        {entry.locked && <LockedMark lock={entry.locked} />}
      </span>
      <BillableMark billable={entry.billable} />
      <SavedHereBadge status={entry.status} />
    </>
  );
}

/** Why the entry cannot change: "Approved by Ann Lee", "Invoiced"; the title says what that means here. */
function LockedMark({ lock }: { lock: EntryLock }) {
  const words = lockWords(lock);
  return (
    <span class="entry-locked" data-testid="entry-locked" title={t('window-entries.lockedTitle', { lock: words })}>
      {words}
    </span>
  );
}

/** Deletes an entry, sent or still queued; the delete waits a few seconds for an undo (UndoBar). Its error shows under the row. */
function DeleteEntry({
  words,
  request,
  bridge,
  action,
}: {
  words: string;
  request: RequestOf<'deleteEntry'>;
  bridge: StintBridge;
  action: Action;
}) {
  return (
    <button
      type="button"
      class="entry-delete"
      aria-label={t('window-entries.deleteNamed', { entry: words })}
      disabled={action.busy}
      onClick={() => void action.run(() => bridge.deleteEntry(request))}
    >
      {t('window-entries.delete')}
    </button>
  );
}

/** "Approved by Ann Lee", "Approved", "Invoiced" in the window's language (common/entryLock.ts has main's English). */
function lockWords(lock: EntryLock): string {
  if (lock.reason === 'invoiced') return t('window-entries.invoiced');
  return lock.by ? t('window-entries.approvedBy', { name: lock.by }) : t('window-entries.approved');
}

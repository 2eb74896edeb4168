// Today's entries, newest as the service orders them, with the day's total in the heading.

import type { StintBridge } from '../../common/contract';
import { formatMinutes } from '../../common/format';
import type { EntryView, Snapshot } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function Today({ today, bridge }: { today: Snapshot['today']; bridge: StintBridge }) {
  return (
    <section class="panel" aria-labelledby="today-heading" data-testid="today">
      <h2 id="today-heading" class="split">
        <span>Today</span>
        <span class="total" data-testid="today-total">
          {formatMinutes(today.totalMinutes)}
        </span>
      </h2>
      {today.entries.length === 0 ? (
        <p class="empty">Nothing logged today yet.</p>
      ) : (
        <ul class="entries" aria-label="Today's entries">
          {today.entries.map((entry) => (
            <li key={entry.key} class="entry" data-testid="today-entry" data-project={entry.projectName ?? ''}>
              <span class="entry-time" data-testid="entry-minutes">
                {formatMinutes(entry.minutes)}
              </span>
              <span class="entry-text">
                {entry.projectName && <span class="entry-project">{entry.projectName}</span>}
                {entry.description && <span class="entry-description">{entry.description}</span>}
              </span>
              {entry.pending && (
                <span class="badge" title="Not sent to the service yet">
                  syncing
                </span>
              )}
              {entry.id !== null && <DeleteEntry entry={entry} entryId={entry.id} bridge={bridge} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Deletes an entry the service has; the delete waits a few seconds for an undo (UndoBar). */
function DeleteEntry({ entry, entryId, bridge }: { entry: EntryView; entryId: number; bridge: StintBridge }) {
  const action = useAction();
  const words = [formatMinutes(entry.minutes), entry.projectName, entry.description].filter(Boolean).join(' ');
  return (
    <>
      <button type="button" class="entry-delete" aria-label={`Delete ${words}`} disabled={action.busy} onClick={() => void action.run(() => bridge.deleteEntry({ entryId }))}>
        Delete
      </button>
      <ErrorLine error={action.error} />
    </>
  );
}

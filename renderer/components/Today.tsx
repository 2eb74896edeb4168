// Today's entries, newest as the service orders them, with the day's total in the heading.

import { formatMinutes } from '../../common/format';
import type { Snapshot } from '../../common/snapshot';

export function Today({ today }: { today: Snapshot['today'] }) {
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

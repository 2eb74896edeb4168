// Today's entries, newest as the service orders them, with the day's total in the heading. Each
// can be edited in place (an inline form, as a failed change is), deleted (even before it was
// sent), and continued.

import type { StintBridge } from '../../common/contract';
import { formatMinutes } from '../../common/format';
import type { ProjectView, Snapshot } from '../../common/snapshot';
import { EntryRow } from './EntryRow';

interface Props {
  today: Snapshot['today'];
  projects: ProjectView[];
  bridge: StintBridge;
}

export function Today({ today, projects, bridge }: Props) {
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
            <EntryRow key={entry.key} entry={entry} projects={projects} bridge={bridge} />
          ))}
        </ul>
      )}
    </section>
  );
}

// One line of quick entry turned into the entry it queues and what the user is told: shared by
// quickEntry (one line typed in the window) and logLines (a pasted day, lines piped to `stint
// log`), so a line means the same wherever it comes from.

import type { LoggedEntry } from '../../../common/contract';
import { archivedWords } from '../../../common/archivedProject';
import { parseQuickEntry } from '../../../common/quickEntry';
import { fail, ok, type Result } from '../../../common/result';
import type { Snapshot } from '../../../common/snapshot';
import { billingIncrement, roundUpToIncrement } from '../model/minutes';
import { newProjectColor } from '../model/newProjectColor';
import { entryMarker, type OperationBody } from '../model/operations';

export interface QuickLine {
  /** The createEntry operation, given the operation's id (its marker is made from it). */
  entry(id: string): OperationBody;
  logged: LoggedEntry;
}

/** `today`: the local date the day words count from. */
export function readQuickLine(text: string, snap: Snapshot, today: string): Result<QuickLine> {
  const parsed = parseQuickEntry(
    text,
    snap.projects.map((p) => p.name),
    today,
  );
  if (!parsed.ok) return fail('invalid_input', parsed.message, parsed.field);
  const project = parsed.projectIsNew ? undefined : snap.projects.find((p) => p.name === parsed.projectName);
  if (project && !project.enabled) return fail('invalid_input', archivedWords(project.name), 'project');
  // What the service will store: rounded up to the project's increment (the default for a
  // project it creates; none without a project), so the answer says what lands.
  const increment = billingIncrement(project, Boolean(parsed.projectName));
  return ok({
    entry: (id) => ({
      kind: 'createEntry',
      date: parsed.date,
      minutes: parsed.minutes,
      description: parsed.description,
      projectId: project?.id ?? null,
      projectName: parsed.projectName,
      ...(parsed.projectIsNew ? { newProjectColor: newProjectColor(snap.projects) } : {}),
      marker: entryMarker(id),
    }),
    logged: {
      minutes: roundUpToIncrement(parsed.minutes, increment),
      typedMinutes: parsed.minutes,
      increment,
      projectName: parsed.projectName,
      date: parsed.date,
    },
  });
}

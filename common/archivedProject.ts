// A quick-entry line that names an archived project is refused at its project, with the reason,
// in the preview as it is typed and again in main before anything is queued (issue 27 item 8):
// the service logs no time on an archived project (code archived_project). The line is read
// against every project's name, so a name of several words is found, archived or not; an
// archived project is never suggested (QuickEntry's names are the enabled ones).

import { isolated } from './bidi';
import type { QuickEntry } from './quickEntry';
import type { MessageRef } from './result';

type Named = { name: string; enabled: boolean };

export const archivedWords = (name: string) => `${name} is archived: time cannot be logged on it.`;

/** archivedWords as a catalog message (the name isolated: it sits inside the sentence). */
export const archivedMessage = (name: string): MessageRef => ({
  id: 'refusals.archivedNoTime',
  values: { name: isolated(name) },
});

export function refuseArchived(parsed: QuickEntry, projects: readonly Named[]): QuickEntry {
  if (!parsed.ok || parsed.projectIsNew || parsed.projectName === null) return parsed;
  const project = projects.find((p) => p.name === parsed.projectName);
  return project && !project.enabled ? { ok: false, field: 'project', message: archivedWords(project.name) } : parsed;
}

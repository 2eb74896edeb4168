// What a calendar event's quick-entry line will log, in words, with the minutes as they will be
// stored (common/lineStores.ts, as main/core/calls/quickLine.ts queues them): "Logs 0:30 on Acme: #meeting Weekly sync".

import { lineStores } from '../common/lineStores';
import { storedMinutes } from '../common/logPreview';
import type { QuickEntry } from '../common/quickEntry';
import type { ProjectView } from '../common/snapshot';

export function logPreviewText(
  parsed: QuickEntry,
  projects: readonly ProjectView[],
  formatMinutes: (minutes: number) => string,
): string {
  if (!parsed.ok) return parsed.message;
  const name = parsed.projectName;
  const line = lineStores(parsed, projects);
  const stored = storedMinutes(line.typedMinutes, line.increment, name ?? '');
  const project = name ? ` on ${name}${parsed.projectIsNew ? ' (a new project)' : ''}` : ' on no project';
  const why = stored.why ? ` (${stored.why})` : '';
  return `Logs ${formatMinutes(stored.minutes)}${why}${project}: ${parsed.description}`;
}

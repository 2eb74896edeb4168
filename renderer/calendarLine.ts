// What a calendar event's quick-entry line will log, in words, with the minutes as they will be
// stored (rounded up to the project's billing increment, as main/core/calls/quickLine.ts queues
// them): "Logs 0:30 on Acme: #meeting Weekly sync".

import { storedMinutes } from '../common/logPreview';
import { billingIncrementOfName } from '../common/minutes';
import type { QuickEntry } from '../common/quickEntry';
import type { ProjectView } from '../common/snapshot';

export function logPreviewText(
  parsed: QuickEntry,
  projects: readonly ProjectView[],
  formatMinutes: (minutes: number) => string,
): string {
  if (!parsed.ok) return parsed.message;
  const name = parsed.projectName;
  const stored = storedMinutes(parsed.minutes, billingIncrementOfName(projects, name), name ?? '');
  const project = name ? ` on ${name}${parsed.projectIsNew ? ' (a new project)' : ''}` : ' on no project';
  const why = stored.why ? ` (${stored.why})` : '';
  return `Logs ${formatMinutes(stored.minutes)}${why}${project}: ${parsed.description}`;
}

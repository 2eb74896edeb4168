// The projects the user used most recently, most recent first: what the project picker and the
// @suggestions offer before the rest. Timers the user touched this session come first (core keeps
// their order as `recent`), then the projects of today's entries, newest first (queued entries
// lead the list, and the service lists the rest newest first).

import type { EntryView, ProjectView } from '../../../common/snapshot';

export function recentProjectIds(
  touchedTimers: readonly number[],
  todaysEntries: readonly EntryView[],
  projects: readonly ProjectView[],
): number[] {
  const ids: number[] = [];
  const add = (id: number | undefined) => {
    if (id !== undefined && !ids.includes(id) && projects.some((p) => p.id === id)) ids.push(id);
  };
  for (const id of touchedTimers) add(id);
  for (const entry of todaysEntries) add(projects.find((p) => p.name === entry.projectName)?.id);
  return ids;
}

// The projects the user used most recently, most recent first: what the project picker and the
// @suggestions offer before the rest. Timers the user touched this session come first (core keeps
// their order as `recent`), then the projects of today's entries, newest first (queued entries
// lead the list, and the service lists the rest newest first).

import type { EntryView, ProjectView } from '../../../common/snapshot';
import type { OutboxItem } from '../sync/outbox';

export function recentProjectIds(
  touchedTimers: readonly number[],
  todaysEntries: readonly EntryView[],
  projects: readonly ProjectView[],
  items: readonly OutboxItem[],
): number[] {
  // A timer touched while its project was new carries the local id; once created, the service's.
  const created = new Map<number, number>();
  for (const { op } of items) if (op.kind === 'createProject' && op.projectId) created.set(op.localId, op.projectId);
  const ids: number[] = [];
  const add = (id: number | undefined) => {
    if (id !== undefined && !ids.includes(id) && projects.some((p) => p.id === id)) ids.push(id);
  };
  for (const id of touchedTimers) add(created.get(id) ?? id);
  for (const entry of todaysEntries) add(projects.find((p) => p.name === entry.projectName)?.id);
  return ids;
}

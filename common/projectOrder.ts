// The order the project picker and the @suggestions offer projects in: the ones used most recently
// first (Snapshot.recentProjectIds), then the rest alphabetically, so the usual one is a keystroke away.

import type { ProjectView } from './snapshot';

/** How many projects a picker shows when there is room (the window's list, the @suggestions). */
export const PICKER_LIMIT = 12;

// One collator, made once: String.localeCompare builds one per call, which made ordering 1000
// names on a keystroke take 15 ms (bench/quickEntry.bench.ts).
const byName = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

/** `names` with those in `recent` first, in its order, then the rest alphabetically. */
export function recentFirst(names: readonly string[], recent: readonly string[]): string[] {
  const ranks = new Map(recent.map((name, i) => [name, i] as const));
  const rank = (name: string) => ranks.get(name) ?? recent.length;
  return [...names].sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

/** The names of the enabled projects among `recentIds`, in its order. */
export const recentProjectNames = (projects: readonly ProjectView[], recentIds: readonly number[]): string[] =>
  recentIds.flatMap((id) => projects.filter((p) => p.id === id && p.enabled).map((p) => p.name));

/** The enabled projects, most recently used first, then alphabetically. */
export function projectsRecentFirst(projects: readonly ProjectView[], recentIds: readonly number[]): ProjectView[] {
  const order = recentFirst(
    projects.filter((p) => p.enabled).map((p) => p.name),
    recentProjectNames(projects, recentIds),
  );
  return order.map((name) => projects.find((p) => p.enabled && p.name === name)!);
}

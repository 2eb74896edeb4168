// The week view (common/snapshot.ts WeekView) from the week's entries, already with every unsent
// change applied (snapshot.ts): per-day totals and entries, and per-project billable and
// unbillable minutes. Pure and linear in the entries, since it is recomputed on every change
// (bench/week.bench.ts: 500 entries across 40 projects).

import type { EntryView, ProjectView, WeekProjectView, WeekView } from '../../../common/snapshot';
import { weekDates, type WeekRange, type WeekStart } from '../../../common/week';

export interface WeekContext {
  week: WeekRange;
  weekStart: WeekStart;
  isCurrent: boolean;
  loaded: boolean;
  stale: boolean;
  projects: readonly ProjectView[];
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

export function weekView(entries: readonly EntryView[], ctx: WeekContext): WeekView {
  const dates = weekDates(ctx.week.start);
  const byDate = new Map(dates.map((date) => [date, [] as EntryView[]]));
  const byProject = new Map<string, WeekProjectView>();
  const colors = new Map(ctx.projects.map((p) => [p.name, p.color]));
  for (const entry of entries) {
    const day = byDate.get(entry.date);
    if (!day) continue;
    day.push(entry);
    // Keyed by name: a read entry names its project, and a project exists once by name.
    const key = entry.projectName ?? '';
    let project = byProject.get(key);
    if (!project) {
      project = {
        projectName: entry.projectName,
        color: entry.projectName === null ? null : (colors.get(entry.projectName) ?? null),
        billableMinutes: 0,
        unbillableMinutes: 0,
        totalMinutes: 0,
      };
      byProject.set(key, project);
    }
    if (isBillable(entry)) project.billableMinutes += entry.minutes;
    else project.unbillableMinutes += entry.minutes;
    project.totalMinutes += entry.minutes;
  }
  const days = dates.map((date) => {
    const list = byDate.get(date)!;
    return { date, totalMinutes: list.reduce((sum, e) => sum + e.minutes, 0), entries: list };
  });
  return {
    start: ctx.week.start,
    end: ctx.week.end,
    weekStart: ctx.weekStart,
    isCurrent: ctx.isCurrent,
    days,
    projects: [...byProject.values()].sort(
      (a, b) => b.totalMinutes - a.totalMinutes || byName.compare(a.projectName ?? '', b.projectName ?? ''),
    ),
    // The sum of its rows, by construction: the window shows the one beside the others.
    totalMinutes: days.reduce((sum, d) => sum + d.totalMinutes, 0),
    loaded: ctx.loaded,
    stale: ctx.stale,
  };
}

/** Not known (a queued entry on a project not read yet): billable when it has a project, as the service's default is. */
const isBillable = (e: EntryView) => e.billable ?? e.projectName !== null;

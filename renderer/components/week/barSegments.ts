// A day's bar in the week chart, split by project in the projects' colours: each project's minutes
// of that day, in the order of the week's projects (most minutes first), so a project keeps its
// place from day to day. What the entries do not account for (the running timer's time on today's
// row) stays in the bar's own colour, under the segments.

import type { EntryView, WeekProjectView } from '../../../common/snapshot';

export interface BarSegment {
  projectName: string | null;
  /** The project's colour as the service gave it; null: none (drawn grey). */
  color: string | null;
  minutes: number;
}

/** A day's entries in segments, by the week's projects (their names and colours, in their order). */
export function daySegments(
  entries: readonly EntryView[],
  projects: readonly Pick<WeekProjectView, 'projectName' | 'color'>[],
): BarSegment[] {
  const minutes = new Map<string | null, number>();
  for (const e of entries) minutes.set(e.projectName, (minutes.get(e.projectName) ?? 0) + e.minutes);
  const segments: BarSegment[] = [];
  for (const p of projects) {
    const m = minutes.get(p.projectName);
    if (m) segments.push({ projectName: p.projectName, color: p.projectName === null ? null : p.color, minutes: m });
    minutes.delete(p.projectName);
  }
  // A project the week's list does not have yet (a change not counted there): grey, last.
  for (const [projectName, m] of minutes) if (m > 0) segments.push({ projectName, color: null, minutes: m });
  return segments;
}

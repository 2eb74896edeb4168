// The colour a project Stint creates is given, as Toggl and Harvest give theirs: without one every
// dot and bar of a new user's projects is the same grey. The palette's colours are far apart in
// hue; the one fewest of the user's projects already wear is taken (the first of them on a tie), so
// a dozen projects are a dozen colours and later ones spread evenly. Colours below 3:1 on a theme
// are still ringed there (common/projectColor.ts), so contrast is not this choice's job.

import { normalColor } from '../../../common/projectColor';
import type { ProjectView } from '../../../common/snapshot';

export const NEW_PROJECT_PALETTE = [
  '#1e88e5', // blue
  '#e53935', // red
  '#43a047', // green
  '#fb8c00', // orange
  '#8e24aa', // purple
  '#00897b', // teal
  '#d81b60', // pink
  '#6d4c41', // brown
  '#3949ab', // indigo
  '#c0ca33', // lime
  '#00acc1', // cyan
  '#546e7a', // blue grey
] as const;

/** The palette colour fewest of these projects wear (their colours in any letter case, any hex form). */
export function newProjectColor(projects: ReadonlyArray<Pick<ProjectView, 'color'>>): string {
  const uses = new Map<string, number>(NEW_PROJECT_PALETTE.map((c) => [c, 0]));
  for (const { color } of projects) {
    const normal = normalColor(color);
    if (normal !== null && uses.has(normal)) uses.set(normal, uses.get(normal)! + 1);
  }
  const fewest = Math.min(...uses.values());
  return NEW_PROJECT_PALETTE.find((c) => uses.get(c) === fewest)!;
}

// The minutes an entry will get, estimated before the service answers, so that today's total
// shows what will land and the window can say what a log will record. The service rounds up to
// the project's billing increment (spec 001). In common/, written once: main queues these minutes
// and the renderer previews them (quick entry, the timer card, the edit form), so what a button
// or preview shows is what will be stored.

import type { ProjectView } from './snapshot';

/** GAPS.md: a project's billing_increment defaults to 15. */
export const DEFAULT_BILLING_INCREMENT = 15;

export function roundUpToIncrement(minutes: number, increment: number): number {
  if (increment <= 1) return minutes;
  return Math.ceil(minutes / increment) * increment;
}

/** A timer's elapsed seconds as the minutes logging it records: any started minute counts, as the service counts them. */
export const elapsedMinutes = (seconds: number): number => Math.ceil(seconds / 60);

/**
 * The minutes logging a timer shown at `seconds` will record before rounding. A running timer is
 * logged a moment after it is seen, so the minute under way counts even at 0:00:00 (a fresh
 * timer's Log records a minute, not nothing); a paused one keeps the seconds it has, and is a
 * minute at least too: an entry is never 0 minutes (issue 27 item 6). A timer paused within its
 * first second reads 0:00:00 once the service's whole seconds are read back, so "nothing to log"
 * there would take a Log away that was offered a moment before.
 */
export const minutesToLog = (seconds: number, running: boolean): number =>
  running ? Math.floor(seconds / 60) + 1 : Math.max(1, elapsedMinutes(seconds));

/**
 * The increment an entry's minutes are rounded up to, as the service will: its project's, the
 * default for a project not read yet (one the service will create gets the default), 1 for an
 * entry on no project.
 */
export function billingIncrement(
  project: Pick<ProjectView, 'billingIncrement'> | undefined,
  onAProject = true,
): number {
  if (!onAProject) return 1;
  return project?.billingIncrement ?? DEFAULT_BILLING_INCREMENT;
}

/** The increment for a project named as typed (case aside), null or empty for none: a new name gets the default. */
export function billingIncrementOfName(projects: readonly ProjectView[], name: string | null): number {
  const wanted = (name ?? '').trim().toLowerCase();
  if (wanted === '') return 1;
  return billingIncrement(projects.find((p) => p.name.toLowerCase() === wanted));
}

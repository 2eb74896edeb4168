// The reminder as the window shows it: when it was raised, and the project "Start last" would
// time, chosen as toggleLastTimer chooses (calls/timers.ts): the first paused timer (the most
// recently used), else the most recent project timed that is not archived.

import type { ProjectView, ReminderView, TimerView } from '../../../../common/snapshot';

export function reminderView(
  openAt: number | null,
  timers: readonly TimerView[],
  projects: readonly ProjectView[],
  recent: readonly number[],
): ReminderView | null {
  if (openAt === null) return null;
  const timer = timers[0];
  if (timer) return { at: openAt, lastProject: timer.projectName };
  const id = recent.find((r) => projects.some((p) => p.id === r && p.enabled));
  return { at: openAt, lastProject: projects.find((p) => p.id === id)?.name ?? null };
}

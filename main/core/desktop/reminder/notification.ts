// What the shell does about the working-hours reminder, decided from two snapshots in a row:
// `announce` a new reminder once (an OS notification; a click shows the window, where the bar
// offers the same answers; on macOS its two buttons answer directly), `withdraw` it once it is
// answered or gone (a timer started, the hours ended), otherwise nothing.

import type { ReminderView, Snapshot } from '../../../../common/snapshot';

export interface ReminderNotification {
  title: string;
  body: string;
  /** The notification's buttons where the OS shows them (macOS), in order, with the answer each gives. */
  actions: ReadonlyArray<{ text: string; choice: 'start-last' | 'snooze' }>;
}

export type ReminderAction = { kind: 'announce'; notification: ReminderNotification } | { kind: 'withdraw' } | null;

export function reminderNotification(reminder: ReminderView): ReminderNotification {
  return {
    title: 'Stint: no timer is running',
    body: reminder.lastProject
      ? `It is within your working hours. Start ${reminder.lastProject} again, or snooze for 30 minutes.`
      : 'It is within your working hours. Open Stint to start a timer, or snooze for 30 minutes.',
    actions: [
      ...(reminder.lastProject ? [{ text: 'Start last', choice: 'start-last' as const }] : []),
      { text: 'Snooze 30 min', choice: 'snooze' },
    ],
  };
}

/** A null previous (the shell's first look) counts as no reminder: one already up is announced. */
export function reminderAction(
  previous: Pick<Snapshot, 'reminder'> | null,
  next: Pick<Snapshot, 'reminder'>,
): ReminderAction {
  const before = previous?.reminder ?? null;
  if (!next.reminder) return before ? { kind: 'withdraw' } : null;
  return next.reminder.at === before?.at
    ? null
    : { kind: 'announce', notification: reminderNotification(next.reminder) };
}

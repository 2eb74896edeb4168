// What the shell does about the working-hours reminder, decided from two snapshots in a row:
// `announce` a new reminder once (an OS notification; a click shows the window, where the bar
// offers the same answers; on macOS its two buttons answer directly), `withdraw` it once it is
// answered or gone (a timer started, the hours ended), otherwise nothing.

import type { Words } from '../../../../common/i18n/words';
import type { ReminderView, Snapshot } from '../../../../common/snapshot';

export interface ReminderNotification {
  title: string;
  body: string;
  /** The notification's buttons where the OS shows them (macOS), in order, with the answer each gives. */
  actions: ReadonlyArray<{ text: string; choice: 'start-last' | 'snooze' }>;
}

export type ReminderAction = { kind: 'announce'; notification: ReminderNotification } | { kind: 'withdraw' } | null;

/** In `words`' language: the snapshot's (catalog area `notifications`). */
export function reminderNotification(reminder: ReminderView, words: Words): ReminderNotification {
  return {
    title: words.t('notifications.reminderTitle'),
    body: reminder.lastProject
      ? words.t('notifications.reminderBodyLast', { project: reminder.lastProject })
      : words.t('notifications.reminderBody'),
    actions: [
      ...(reminder.lastProject ? [{ text: words.t('notifications.startLast'), choice: 'start-last' as const }] : []),
      { text: words.t('notifications.snooze'), choice: 'snooze' },
    ],
  };
}

/** A null previous (the shell's first look) counts as no reminder: one already up is announced. */
export function reminderAction(
  previous: Pick<Snapshot, 'reminder'> | null,
  next: Pick<Snapshot, 'reminder'>,
  words: Words,
): ReminderAction {
  const before = previous?.reminder ?? null;
  if (!next.reminder) return before ? { kind: 'withdraw' } : null;
  return next.reminder.at === before?.at
    ? null
    : { kind: 'announce', notification: reminderNotification(next.reminder, words) };
}

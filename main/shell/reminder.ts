// Shows the working-hours reminder as an OS notification, once per reminder, as
// core/reminder/notification.ts decides; closes it once answered or gone. A click shows the
// window, where the bar carries "Start last" and "Snooze 30 min" (Windows and Linux show no
// notification buttons through Electron); on macOS the notification's own two buttons answer.

import { Notification } from 'electron';
import { reminderAction } from '../core/desktop/reminder/notification';
import type { Snapshot } from '../../common/snapshot';
import type { StintApp } from '../core/accounts/stintApp';
import { mainWords } from '../core/mainWords';

export function watchReminder(core: Pick<StintApp, 'handlers' | 'subscribe'>, showWindow: () => void): () => void {
  let previous: Pick<Snapshot, 'reminder'> | null = null;
  // Held so that it (and its handlers) is not collected while on screen: Electron keeps only a weak
  // reference to a main-process Notification (https://github.com/electron/electron/issues/16922).
  let shown: Notification | null = null;
  const unsubscribe = core.subscribe((next) => {
    const action = reminderAction(previous, next, mainWords(next.locale));
    previous = next;
    if (!action) return;
    shown?.close();
    shown = null;
    if (action.kind === 'withdraw' || !Notification.isSupported()) return;
    const { title, body, actions } = action.notification;
    shown = new Notification({ title, body, actions: actions.map(({ text }) => ({ type: 'button' as const, text })) });
    shown.on('click', showWindow);
    shown.on('action', (_event, index) => {
      const choice = actions[index]?.choice;
      if (choice) void core.handlers.answerReminder({ choice });
    });
    shown.show();
  });
  return () => {
    unsubscribe();
    shown?.close();
  };
}

// Shows the notifications core decides on (main/core/desktop/notifications.ts) as Electron notifications;
// a click shows the window.

import { Notification } from 'electron';
import { notificationsFor } from '../core/desktop/notifications';
import type { StintApp } from '../core/accounts/stintApp';
import { mainWords } from '../core/mainWords';

export function showNotifications(
  core: Pick<StintApp, 'getSnapshot' | 'subscribe'>,
  showWindow: () => void,
): () => void {
  if (!Notification.isSupported()) return () => {};
  let previous = core.getSnapshot();
  return core.subscribe((next) => {
    for (const n of notificationsFor(previous, next, mainWords(next.locale))) {
      const shown = new Notification({ title: n.title, body: n.body });
      if (n.action === 'show-window') shown.on('click', showWindow);
      shown.show();
    }
    previous = next;
  });
}

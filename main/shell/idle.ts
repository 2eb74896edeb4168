// Applies the idle decisions: samples the system's idle time when core/idle/sampling.ts says so,
// and shows the OS notification core/idle/notification.ts asks for; a click on it shows the
// window, where the prompt waits for the answer.

import { Notification, powerMonitor } from 'electron';
import { idleNotification } from '../core/idle/notification';
import { IDLE_SAMPLE_MS, shouldSample } from '../core/idle/sampling';
import type { Core } from '../core/types';

export function watchIdle(core: Core, showWindow: () => void): () => void {
  let lastIdleSeconds: number | null = null;
  const sampler = setInterval(() => {
    if (!shouldSample(core.getSnapshot().timers, lastIdleSeconds)) {
      lastIdleSeconds = null;
      return;
    }
    lastIdleSeconds = powerMonitor.getSystemIdleTime();
    core.notify({ kind: 'idle-sample', idleSeconds: lastIdleSeconds, at: Date.now() });
  }, IDLE_SAMPLE_MS);

  let shownKey: string | null = null;
  // Held so that the notification (and its click handler) is not collected while it is on screen.
  let shown: Notification | null = null;
  const unsubscribe = core.subscribe((snapshot) => {
    const wanted = idleNotification(snapshot.idle);
    if (!wanted) {
      shown?.close();
      shown = null;
      shownKey = null;
      return;
    }
    if (wanted.key === shownKey || !Notification.isSupported()) return;
    shownKey = wanted.key;
    shown?.close();
    shown = new Notification({ title: wanted.title, body: wanted.body });
    shown.on('click', showWindow);
    shown.show();
  });

  return () => {
    clearInterval(sampler);
    unsubscribe();
    shown?.close();
  };
}

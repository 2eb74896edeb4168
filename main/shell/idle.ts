// Applies the idle decisions: samples the system's idle time when core/idle/sampling.ts says so,
// and on a return after the threshold shows the OS notification and the window, where the prompt
// waits for the answer, as core/notifications.ts's idlePromptAction says (once per return).

import { Notification, powerMonitor } from 'electron';
import { idlePromptAction } from '../core/desktop/notifications';
import { IDLE_SAMPLE_MS, shouldSample } from '../core/desktop/idle/sampling';
import type { Snapshot } from '../../common/snapshot';
import type { StintApp } from '../core/accounts/stintApp';

export function watchIdle(core: StintApp, showWindow: () => void): () => void {
  let lastIdleSeconds: number | null = null;
  const sampler = setInterval(() => {
    if (!shouldSample(core.getSnapshot().timers, lastIdleSeconds)) {
      lastIdleSeconds = null;
      return;
    }
    lastIdleSeconds = powerMonitor.getSystemIdleTime();
    core.notify({ kind: 'idle-sample', idleSeconds: lastIdleSeconds, at: Date.now() });
  }, IDLE_SAMPLE_MS);

  // Null: a prompt already there when this starts is announced too.
  let previous: Pick<Snapshot, 'idle'> | null = null;
  // Held so that the notification (and its click handler) is not collected while it is on screen:
  // Electron keeps only a weak reference to a main-process Notification
  // (https://github.com/electron/electron/issues/16922).
  let shown: Notification | null = null;
  const unsubscribe = core.subscribe((next) => {
    const action = idlePromptAction(previous, next);
    previous = next;
    if (!action) return;
    shown?.close();
    shown = null;
    if (action.kind === 'withdraw') return;
    if (action.showWindow) showWindow();
    if (!Notification.isSupported()) return;
    shown = new Notification({ title: action.notification.title, body: action.notification.body });
    shown.on('click', showWindow);
    shown.show();
  });

  return () => {
    clearInterval(sampler);
    unsubscribe();
    shown?.close();
  };
}

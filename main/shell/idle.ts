// Applies the idle decisions: samples the time since the last input when core/idle/sampling.ts
// says so, from Electron and, on Linux, the desktop's own monitors over D-Bus (desktopBus/, which
// core/idle/sources.ts chooses among: Electron reads 0 on GNOME Wayland), and on a return after the threshold shows the OS notification and the window, where the prompt
// waits for the answer, as core/notifications.ts's idlePromptAction says (once per return).

import { Notification, powerMonitor } from 'electron';
import { idlePromptAction } from '../core/desktop/notifications';
import { openBus } from '../desktopBus/bus';
import { gnomeIdleReader, logindIdleReader, screenSaverIdleReader, type IdleReader } from '../desktopBus/idleReaders';
import { startIdleSampler } from '../desktopBus/idleSampler';
import type { Snapshot } from '../../common/snapshot';
import type { StintApp } from '../core/accounts/stintApp';
import { mainWords } from '../core/mainWords';

export function watchIdle(core: StintApp, showWindow: () => void): () => void {
  const desktop = desktopReaders();
  const sampler = startIdleSampler({
    readers: [{ source: 'electron', read: async () => powerMonitor.getSystemIdleTime() }, ...desktop.readers],
    timers: () => core.getSnapshot().timers,
    notify: (event) => core.notify(event),
    now: Date.now,
  });
  const held = (['suspend', 'resume', 'lock', 'unlock'] as const).map((kind) => {
    const listener = () => sampler.power(kind);
    const name = kind === 'lock' ? 'lock-screen' : kind === 'unlock' ? 'unlock-screen' : kind;
    powerMonitor.on(name as 'suspend', listener);
    return () => powerMonitor.off(name as 'suspend', listener);
  });

  // Null: a prompt already there when this starts is announced too.
  let previous: Pick<Snapshot, 'idle'> | null = null;
  // Held so that the notification (and its click handler) is not collected while it is on screen:
  // Electron keeps only a weak reference to a main-process Notification
  // (https://github.com/electron/electron/issues/16922).
  let shown: Notification | null = null;
  const unsubscribe = core.subscribe((next) => {
    const action = idlePromptAction(previous, next, mainWords(next.locale));
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
    sampler.stop();
    for (const off of held) off();
    desktop.close();
    unsubscribe();
    shown?.close();
  };
}

/** The desktop's own idle monitors: Linux only (elsewhere Electron's reading is the system's own). */
function desktopReaders(): { readers: IdleReader[]; close(): void } {
  if (process.platform !== 'linux') return { readers: [], close() {} };
  const session = openBus('session');
  const system = openBus('system');
  return {
    readers: [gnomeIdleReader(session), screenSaverIdleReader(session), logindIdleReader(system, Date.now)],
    close() {
      session.close();
      system.close();
    },
  };
}

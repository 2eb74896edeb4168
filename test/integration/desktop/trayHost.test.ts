// A tray that is never silently missing: the session bus is asked whether a StatusNotifier host
// exists (main/desktopBus/trayHost.ts), on a real private bus with and without a stand-in watcher,
// and what Stint does at start follows (main/core/desktop/trayHost.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trayStart } from '../../../main/core/desktop/trayHost';
import { openBus } from '../../../main/desktopBus/bus';
import { statusNotifierHostRegistered } from '../../../main/desktopBus/trayHost';
import { startSessionBus, type SessionBusHandle } from '../../support/sessionBus';
import { exportStatusNotifierWatcher } from '../../support/statusNotifierWatcher';

let sessionBus: SessionBusHandle;
beforeAll(async () => {
  sessionBus = await startSessionBus();
});
afterAll(async () => {
  await sessionBus?.stop();
});

async function askedOnTheBus(): Promise<boolean | null> {
  const bus = openBus('session', sessionBus.address);
  try {
    return await statusNotifierHostRegistered(bus);
  } finally {
    bus.close();
  }
}

describe('the tray host on Linux', () => {
  it('no watcher on the bus (GNOME without AppIndicator): the window shows at start, closing quits, and the notice says how to get the tray', async () => {
    const registered = await askedOnTheBus();
    expect(registered).toBeNull();
    const start = trayStart('linux', registered);
    expect(start).toMatchObject({ showWindow: true, closeQuits: true });
    expect(start.notice).toContain('AppIndicator');
    expect(start.notice).toContain('stint');
  });

  it('a watcher with a host registered (KDE, GNOME with AppIndicator): the tray as usual, nothing said', async () => {
    const watcher = await exportStatusNotifierWatcher(sessionBus.address, true);
    try {
      const registered = await askedOnTheBus();
      expect(registered).toBe(true);
      expect(trayStart('linux', registered)).toEqual({ showWindow: false, closeQuits: false, notice: null });
    } finally {
      await watcher.stop();
    }
  });

  it('a watcher with no host registered: no tray, so the window and the notice', async () => {
    const watcher = await exportStatusNotifierWatcher(sessionBus.address, false);
    try {
      const registered = await askedOnTheBus();
      expect(registered).toBe(false);
      expect(trayStart('linux', registered).showWindow).toBe(true);
    } finally {
      await watcher.stop();
    }
  });

  it('macOS and Windows always have their tray', () => {
    expect(trayStart('darwin', null).notice).toBeNull();
    expect(trayStart('win32', null).showWindow).toBe(false);
  });
});

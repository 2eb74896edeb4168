// The shipped app as Electron runs it, where no Electron binary can be had: the bundle built exactly
// as `npm run dist` packages dist/ (into a folder of this file's own, test/support/bundle.ts), its
// main/index.cjs booted on the project's pinned Node (Electron's
// major) under the Electron stand-in (test/support/electron/), the preload bundle run as a
// sandboxed preload, the OS keychain real (Secret Service), and the embedded service over HTTP.
// test/e2e/electron.test.ts runs the real binary where it exists.

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, ipcChannel } from '../../common/channels';
import type { StintBridge } from '../../common/contract';
import type { Result } from '../../common/result';
import { DEFAULT_HOTKEYS } from '../../common/settings';
import { createServiceApi } from '../../main/api/client';
import { collect, type ServiceApi } from '../../main/api/types';
import { JOURNAL_FILE, openJournal } from '../../main/core/sync/journal';
import { createKeychain } from '../../platform/keychain';
import { buildTestBundle, type TestBundle } from '../support/bundle';
import { bootBundle, until, type BootedApp } from '../support/electron/boot';
import { CONDITION_WAIT_MS } from '../support/patience';
import { StandInFrame, type StandInImage, type StandInTray } from '../support/electron/standIn';
import { decodePng } from '../unit/core/support/pngDecode';
import { startSecretService, type SecretServiceHandle } from '../support/secretService';
import { exportStatusNotifierWatcher } from '../support/statusNotifierWatcher';
import { ALL_DAY, outsideMidnight } from './reminderHours';
import { runStint } from '../support/stintCli';
import { freePort } from './support';

let secretService: SecretServiceHandle;
let userData: string;
let port: number;
let booted: BootedApp | null = null;
let bundle: TestBundle;
/** The desktop's tray host on the session bus (KDE, GNOME with AppIndicator): the tray shows. */
let trayHost: { stop(): Promise<void> } | null = null;

beforeAll(async () => {
  secretService = await startSecretService();
  trayHost = await exportStatusNotifierWatcher(secretService.busAddress, true);
  bundle = await buildTestBundle('standin');
  userData = mkdtempSync(join(tmpdir(), 'stint-standin-'));
  port = await freePort();
}, 120_000);

afterAll(async () => {
  if (booted && booted.electron.exitCode() === null) await booted.quit();
  rmSync(userData, { recursive: true, force: true });
  bundle?.remove();
  await trayHost?.stop();
  await secretService?.stop();
});

const boot = async (args: string[] = [], refusedAccelerators: string[] = []) => {
  booted = await bootBundle({
    userData,
    args: [`--local-port=${port}`, ...args],
    refusedAccelerators,
    bundle: bundle.main,
  });
  return booted;
};

/** The embedded service as another device of the same user sees it: its token from the real keychain. */
async function service(): Promise<ServiceApi> {
  const token = await createKeychain().get('local', 'personal-token');
  if (!token) throw new Error('the embedded account has no token in the keychain');
  return createServiceApi({
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { kind: 'personal', token },
    rateLimit: 0,
  });
}

/**
 * The app on this file's data folder: the one an earlier test left running, or booted now, so
 * that each test also runs alone by name (`-t`).
 */
async function running(): Promise<BootedApp> {
  if (booted && booted.electron.exitCode() === null) return booted;
  const app = await boot();
  await until(() => existsSync(join(userData, 'stint.sock')), 10_000, "the command line's socket");
  return app;
}

/** The Website project on the service: the first test makes it; a test run alone makes it here. */
async function websiteProject(api: ServiceApi) {
  const made = (await collect(api.listProjects())).find((p) => p.name === 'Website');
  return made ?? (await api.createProject({ name: 'Website' }));
}

/** A timer running on Website, as the first test leaves it. */
async function websiteRunning(app: BootedApp, api: ServiceApi) {
  const project = await websiteProject(api);
  await must(bridge(app).refresh({}));
  await until(
    async () => (await must(bridge(app).getSnapshot({}))).projects.some((p) => p.id === project.id),
    10_000,
    'Website in the snapshot',
  );
  if (!tray(app).menu!.labels().includes('Pause Website'))
    await must(bridge(app).startTimer({ projectId: project.id }));
  await until(() => tray(app).menu!.labels().includes('Pause Website'), 10_000, 'the timer running');
  return project;
}

const mainWindow = (app: BootedApp) => app.electron.windows[0]!;
const bridge = (app: BootedApp) => mainWindow(app).world!.stint as StintBridge;
const tray = (app: BootedApp) => app.electron.trays[0]!;
const must = async <T>(result: Promise<Result<T>>): Promise<T> => {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

describe('the shipped bundle under the Electron stand-in', () => {
  it('starts on the embedded account: the tray shows its timers, and the tray starts one (seen over HTTP)', async () => {
    const app = await boot();
    expect(app.electron.errorBoxes).toEqual([]);
    expect(tray(app).tooltip).toMatch(/^Stint: No timer running/);
    const idleIcon = tray(app).image;
    expect(idleIcon.representations.length).toBeGreaterThan(0);

    // A paused timer made on another device appears in the tray's menu once core has read it.
    const api = await service();
    const project = await api.createProject({ name: 'Website', color: '#E53935' });
    await api.startTimer(project.id);
    await api.pauseTimer(project.id);
    await must(bridge(app).refresh({}));
    await until(
      () =>
        tray(app)
          .menu?.labels()
          .some((l) => l.startsWith('Resume Website')) ?? false,
      10_000,
      'the paused timer in the menu',
    );
    // Its item carries the project's colour as a dot, 1x and 2x (main/core/views/trayIcon/menuDot.ts).
    const dot = tray(app).menu!.items.find((i) => i.label?.startsWith('Resume Website'))!
      .icon as unknown as StandInImage;
    expect(dot.representations.map((r) => r.scaleFactor)).toEqual([1, 2]);
    expect(decodePng(dot.representations[0]!.buffer).at(8, 8)).toEqual([0xe5, 0x39, 0x35, 255]);
    expect(tray(app).menu!.items.find((i) => i.label === 'Quick entry…')!.icon).toBeUndefined();

    tray(app).menu!.click(
      tray(app)
        .menu!.labels()
        .find((l) => l.startsWith('Resume Website'))!,
    );
    await until(
      async () => (await collect(api.listTimers())).some((t) => t.project.id === project.id && t.state === 'running'),
      10_000,
      'the timer running on the service',
    );
    // The running time is in the tooltip and drawn into the icon (Linux has no tray title).
    await until(
      () => /^Stint: Website \d+:\d\d/.test(tray(app).tooltip),
      CONDITION_WAIT_MS,
      'the running time in the tooltip',
    );
    expect(tray(app).image).not.toBe(idleIcon);
    expect(tray(app).menu!.labels()).toContain('Pause Website');
  });

  it("the shell starts the command line's socket (0600): `stint` logs through it and reads the status", async () => {
    await websiteRunning(await running(), await service());
    const socketPath = join(userData, 'stint.sock');
    await until(() => existsSync(socketPath), CONDITION_WAIT_MS, "the command line's socket");
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    const cli = bundle.cli;
    const logged = await runStint(cli, ['--data', userData, 'log', '0:10 @Website from the command line']);
    expect(logged).toMatchObject({ code: 0, stderr: '' });
    const api = await service();
    await until(
      async () => (await collect(api.listEntries())).some((e) => e.description === 'from the command line'),
      10_000,
      'the entry on the service',
    );
    const status = await runStint(cli, ['--data', userData, 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ online: true, running: { project: 'Website' } });
  });

  it('the sandboxed preload exposes exactly the contract, and a call through it logs time', async () => {
    const app = await running();
    const window = mainWindow(app);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(Object.keys(window.world!)).toEqual(['stint']);
    expect(Object.keys(bridge(app)).sort()).toEqual([...channels, 'onSnapshot', 'onUiCommand'].sort());
    expect(app.electron.module.ipcMain.channels().sort()).toEqual(channels.map(ipcChannel).sort());

    const snapshots: unknown[] = [];
    const stop = bridge(app).onSnapshot((s) => snapshots.push(s));
    const api = await service();
    const project = await websiteProject(api);
    await must(bridge(app).quickEntry({ text: '0:45 @Website stand-in review' }));
    await until(
      async () =>
        (await collect(api.listEntries())).some(
          (e) => e.description === 'stand-in review' && e.minutes === 45 && e.project?.id === project.id,
        ),
      10_000,
      'the entry on the service',
    );
    expect(snapshots.length).toBeGreaterThan(0);
    stop();
  });

  it('refuses a call from a frame other than the window’s own page', async () => {
    const window = mainWindow(await running());
    const ad = new StandInFrame('https://ads.example/frame.html');
    const answer = (await window.webContents.invokeFrom(ad, ipcChannel('quickEntry'), {
      text: '1:00 @Website injected',
    })) as Result<unknown>;
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const entries = await collect((await service()).listEntries());
    expect(entries.some((e) => e.description === 'injected')).toBe(false);
  });

  it('a second launch with --toggle pauses the running timer; --quick-entry and --show open the window', async () => {
    const app = await running();
    const api = await service();
    await websiteRunning(app, api);
    mainWindow(app).hide();
    app.electron.secondInstance(['--toggle']);
    await until(
      async () => (await collect(api.listTimers())).every((t) => t.state !== 'running'),
      10_000,
      'the timer paused on the service',
    );
    expect(mainWindow(app).isVisible()).toBe(false);

    const focusRequests: unknown[] = [];
    const stop = bridge(app).onUiCommand((command) => focusRequests.push(command));
    app.electron.secondInstance(['--quick-entry']);
    await until(() => mainWindow(app).isVisible(), CONDITION_WAIT_MS, 'the window');
    await until(() => focusRequests.includes('focus-quick-entry'), CONDITION_WAIT_MS, 'quick entry focused');
    stop();

    mainWindow(app).close(); // the close box hides it; the app keeps running in the tray
    expect(mainWindow(app).isDestroyed()).toBe(false);
    expect(mainWindow(app).isVisible()).toBe(false);
    app.electron.secondInstance(['--show']);
    await until(() => mainWindow(app).isVisible(), CONDITION_WAIT_MS, 'the window');

    // The tray's week item: the window shows, and the page is asked for the week view.
    mainWindow(app).hide();
    const weekRequests: unknown[] = [];
    const stopWeek = bridge(app).onUiCommand((command) => weekRequests.push(command));
    tray(app).menu!.click('This week…');
    await until(() => mainWindow(app).isVisible(), CONDITION_WAIT_MS, 'the window');
    await until(() => weekRequests.includes('show-week'), CONDITION_WAIT_MS, 'the week view asked for');
    stopWeek();
  });

  it('a second start on the same userData (Electron, whatever its name) is refused in words, and the first goes on', async () => {
    const first = booted ?? (await boot());
    const second = await bootBundle({ userData, args: [`--local-port=${port}`], bundle: bundle.main });
    expect(await second.electron.exited).toBe(1);
    expect(second.electron.errorBoxes).toEqual([
      { title: 'Stint', content: `Another Stint is already running with this data folder (${userData}).` },
    ]);
    expect(second.electron.trays).toEqual([]);
    // The first still has its folder: the command line reaches it and what it logs is kept.
    const logged = await runStint(bundle.cli, ['--data', userData, 'log', '0:05 @Website after a second start']);
    expect(logged).toMatchObject({ code: 0, stderr: '' });
    expect(first.electron.exitCode()).toBeNull();
  });

  it('suspend/resume and lock/unlock reach the idle policy: a long sleep with a timer running asks about the time away', async () => {
    const app = await running();
    const api = await service();
    const website = await websiteProject(api);
    await must(bridge(app).refresh({}));
    await until(
      async () => (await must(bridge(app).getSnapshot({}))).projects.some((p) => p.id === website.id),
      10_000,
      'Website in the snapshot',
    );
    await must(bridge(app).startTimer({ projectId: website.id }));
    await until(() => tray(app).menu!.labels().includes('Pause Website'), CONDITION_WAIT_MS, 'the timer running');
    const snapshot = () => (booted!.electron.windows[0]!.world!.stint as StintBridge).getSnapshot({});

    // The machine sleeps for 20 minutes: the wall clock jumps while the app is suspended.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      app.electron.power('suspend');
      vi.setSystemTime(Date.now() + 20 * 60_000);
      app.electron.power('resume');
      await until(async () => (await must(snapshot())).idle !== null, CONDITION_WAIT_MS, 'the idle prompt');
      const idle = (await must(snapshot())).idle!;
      expect(idle.projectName).toBe('Website');
      expect(idle.idleSeconds).toBeGreaterThanOrEqual(20 * 60 - 1);
      expect(app.electron.notifications.some((n) => /away/i.test(`${n.title} ${n.body}`))).toBe(true);
      await must(bridge(app).resolveIdle({ choice: 'keep' }));
      await until(async () => (await must(snapshot())).idle === null, CONDITION_WAIT_MS, 'the prompt answered');

      app.electron.power('lock-screen');
      vi.setSystemTime(Date.now() + 15 * 60_000);
      app.electron.power('unlock-screen');
      await until(
        async () => (await must(snapshot())).idle !== null,
        CONDITION_WAIT_MS,
        'the idle prompt after unlock',
      );
      await must(bridge(app).resolveIdle({ choice: 'keep' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('the working-hours reminder raises one notification; its click shows the window, its Snooze button answers', async () => {
    const app = await running();
    // A timer used before: "Start last" offers it.
    await websiteRunning(app, await service());
    const snapshot = async () => must(bridge(app).getSnapshot({}));
    for (const t of (await snapshot()).timers)
      if (t.state === 'running') await must(bridge(app).pauseTimer({ projectId: t.projectId }));
    await outsideMidnight();
    mainWindow(app).close();
    await must(bridge(app).updateSettings({ reminder: { enabled: true, ...ALL_DAY } }));
    const reminders = () => app.electron.notifications.filter((n) => n.title === 'Stint: no timer is running');
    await until(() => reminders().length === 1, CONDITION_WAIT_MS, 'the reminder notification');
    const shown = reminders()[0]!;
    expect(shown.actions.map((a) => a.text)).toEqual(['Start last', 'Snooze 30 min']);
    shown.emit('click');
    await until(() => mainWindow(app).isVisible(), CONDITION_WAIT_MS, 'the window');
    shown.emit('action', {}, 1);
    await until(async () => (await snapshot()).reminder === null, CONDITION_WAIT_MS, 'the reminder snoozed');
    expect(reminders()).toHaveLength(1);
    await must(bridge(app).updateSettings({ reminder: { enabled: false } }));
  });

  it('quitting closes the database and the outbox journal cleanly: the next boot recovers nothing and has everything', async () => {
    const app = await running();
    // What the earlier tests leave: a Website timer, and the entry logged through the preload.
    const api = await service();
    await websiteRunning(app, api);
    if (!(await collect(api.listEntries())).some((e) => e.description === 'stand-in review'))
      await must(bridge(app).quickEntry({ text: '0:45 @Website stand-in review' }));
    // Everything sent before quitting (the timer started or paused above too), so that the next
    // boot finding anything waiting would mean the quit lost or kept something.
    await until(
      async () => (await must(bridge(app).getSnapshot({}))).outbox.pending === 0,
      CONDITION_WAIT_MS,
      'the outbox sent',
    );
    expect(await app.quit()).toBe(0);
    // The command line's socket went with the app: nothing stale is left for the next start.
    expect(existsSync(join(userData, 'stint.sock'))).toBe(false);
    const serviceDir = join(userData, 'local-service');
    // SQLite removes the WAL when its last connection closes after a checkpoint: a clean close.
    expect(existsSync(join(serviceDir, 'service.db-wal'))).toBe(false);
    // The journal was closed between records: no torn line, no half-written rewrite.
    const accountDir = join(userData, 'accounts', 'local');
    const journalText = readFileSync(join(accountDir, JOURNAL_FILE), 'utf8');
    expect(journalText === '' || journalText.endsWith('\n')).toBe(true);
    expect(existsSync(join(accountDir, `${JOURNAL_FILE}.tmp`))).toBe(false);
    const reread = await openJournal(accountDir);
    expect(reread.skipped).toBe(0);
    await reread.journal.close();

    // The OS refuses one global shortcut this time (another app holds it).
    const again = await boot([], [DEFAULT_HOTKEYS.toggleTimer]);
    expect(again.electron.errorBoxes).toEqual([]);
    await until(() => existsSync(join(userData, 'stint.sock')), CONDITION_WAIT_MS, "the command line's socket again");
    // Nothing to recover: nothing was waiting in the journal, and nothing was lost.
    const snapshot = async () => must(bridge(again).getSnapshot({}));
    expect((await snapshot()).outbox.pending).toBe(0);
    expect((await snapshot()).outbox.failed).toEqual([]);
    await until(
      async () => (await snapshot()).today.entries.some((e) => e.description === 'stand-in review' && e.minutes === 45),
      10_000,
      "today's entries read again",
    );
    expect((await snapshot()).timers.map((t) => t.projectName)).toContain('Website');

    // The refused shortcut is reported, in words, and the others work.
    expect(again.electron.notifications.some((n) => n.body.includes(DEFAULT_HOTKEYS.toggleTimer))).toBe(true);
    expect([...again.electron.shortcuts.keys()]).not.toContain(DEFAULT_HOTKEYS.toggleTimer);
    expect(again.electron.refusedRegistrations).toEqual([DEFAULT_HOTKEYS.toggleTimer]);
    expect(statSync(join(serviceDir, 'service.db')).size).toBeGreaterThan(0);
    expect(await again.quit()).toBe(0);
  });

  describe('the tray drawn before the account opens (a start of its own, on a folder of its own)', () => {
    /** Boots on a fresh folder; `early` runs on the tray as the app first yields after drawing it. */
    async function bootEarly(args: string[], early: (tray: StandInTray) => void) {
      const folder = mkdtempSync(join(tmpdir(), 'stint-standin-early-'));
      const port = await freePort();
      const app = await bootBundle({
        userData: folder,
        args: [`--local-port=${port}`, ...args],
        upTo: 'tray',
        bundle: bundle.main,
        // The app yields to the event loop once after drawing the tray, before it loads the account's half.
        onTray: (tray) => setImmediate(() => early(tray)),
      });
      return { app, folder, port };
    }

    it('says Stint is starting, and its Open Stint waits for the account, then shows the window on the true state', async () => {
      let seen: { tooltip: string; labels: string[] } | null = null;
      // --toggle: this launch asks for no window, so only the tray's item can show it.
      const { app, folder } = await bootEarly(['--toggle'], (tray) => {
        seen = { tooltip: tray.tooltip, labels: tray.menu!.labels() };
        tray.menu!.click('Open Stint');
      });
      try {
        await until(() => seen !== null, CONDITION_WAIT_MS, 'the tray seen while starting');
        expect(seen).toEqual({
          tooltip: 'Stint: starting…',
          labels: ['Starting…', 'Quick entry…', 'Open Stint', 'Quit Stint'],
        });
        await until(() => app.electron.windows[0]?.isVisible() ?? false, CONDITION_WAIT_MS, 'the window shown');
        expect(app.electron.trays).toHaveLength(1);
        expect(app.electron.trays[0]!.tooltip).toMatch(/^Stint: No timer running/);
        expect(app.electron.trays[0]!.menu!.labels()).toContain('This week…');
        expect(app.electron.errorBoxes).toEqual([]);
      } finally {
        if (app.electron.exitCode() === null) await app.quit();
        rmSync(folder, { recursive: true, force: true });
      }
    });

    // Quit as the tray is first drawn (the account's half not yet loaded), and a turn of the event
    // loop later (the account opening: it is waited for, then closed).
    it.each([
      ['as the tray is drawn', 0],
      ['while the account opens', 1],
    ])('Quit %s: Stint exits cleanly, and the folder is free for the next start', async (_when, turns) => {
      const quitAfter = (tray: StandInTray, left: number): void => {
        if (left === 0) tray.menu!.click('Quit Stint');
        else setImmediate(() => quitAfter(tray, left - 1));
      };
      const { app, folder, port } = await bootEarly([], (tray) => quitAfter(tray, turns));
      try {
        expect(await app.electron.exited).toBe(0);
        expect(app.electron.windows).toEqual([]);
        expect(existsSync(join(folder, 'stint.sock'))).toBe(false);
        expect(existsSync(join(folder, 'local-service', 'service.db-wal'))).toBe(false);
        // The data folder's lock went with it: the next start on the folder opens it.
        const next = await bootBundle({ userData: folder, args: [`--local-port=${port}`], bundle: bundle.main });
        expect(next.electron.errorBoxes).toEqual([]);
        expect(next.electron.trays[0]!.tooltip).toMatch(/^Stint: No timer running/);
        expect(await next.quit()).toBe(0);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});

describe('a desktop with no tray host (GNOME without AppIndicator)', () => {
  it('shows the window at start even when launched with --toggle, says once how to get the tray, and closing the window quits', async () => {
    if (booted && booted.electron.exitCode() === null) await booted.quit();
    await trayHost?.stop();
    trayHost = null;
    try {
      const app = await boot(['--toggle']);
      await until(() => mainWindow(app).isVisible(), CONDITION_WAIT_MS, 'the window shown at start');
      const notices = (await must(bridge(app).getSnapshot({}))).notices.map((n) => n.message);
      expect(notices.filter((m) => m.startsWith('No tray here'))).toHaveLength(1);
      expect(notices.find((m) => m.startsWith('No tray here'))).toContain('AppIndicator');
      mainWindow(app).close();
      expect(await app.electron.exited).toBe(0);
    } finally {
      trayHost = await exportStatusNotifierWatcher(secretService.busAddress, true);
    }
  });
});

// Global shortcuts of the shipped bundle under the Electron stand-in (test/support/electron/), the
// embedded service over real HTTP: the switches Chromium is started with (one --enable-features
// carrying every feature the Wayland shortcut portal needs), a registration the OS refuses reaching
// Settings with the command to bind instead (and that command, run as the desktop would run it,
// pausing the timer), and a "start project 3" shortcut starting that project's timer through the
// outbox. There is no Wayland compositor or portal here: the stand-in refuses as the OS would.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StintBridge } from '../../common/contract';
import type { Result } from '../../common/result';
import { DEFAULT_HOTKEYS } from '../../common/settings';
import { createServiceApi } from '../../main/api/client';
import { collect, type ServiceApi } from '../../main/api/types';
import { SHORTCUT_FEATURES } from '../../main/core/desktop/chromiumSwitches';
import { createKeychain } from '../../platform/keychain';
import { buildTestBundle, type TestBundle } from '../support/bundle';
import { bootBundle, until, type BootedApp } from '../support/electron/boot';
import { startSecretService, type SecretServiceHandle } from '../support/secretService';
import { exportStatusNotifierWatcher } from '../support/statusNotifierWatcher';
import { CONDITION_WAIT_MS } from '../support/patience';
import { freePort } from './support';

let secretService: SecretServiceHandle;
let trayHost: { stop(): Promise<void> } | null = null;
/** XDG_CONFIG_HOME of this file: the app's data folder is its "stint", where the command line looks. */
let configHome: string;
let booted: BootedApp | null = null;
/** The shipped bundle, built for this file (test/support/bundle.ts). */
let bundle: TestBundle;
let port: number;

beforeAll(async () => {
  secretService = await startSecretService();
  trayHost = await exportStatusNotifierWatcher(secretService.busAddress, true);
  bundle = await buildTestBundle('shortcuts');
  configHome = mkdtempSync(join(tmpdir(), 'stint-shortcuts-'));
}, 120_000);

afterEach(async () => {
  if (booted && booted.electron.exitCode() === null) await booted.quit();
  booted = null;
});

afterAll(async () => {
  rmSync(configHome, { recursive: true, force: true });
  bundle?.remove();
  await trayHost?.stop();
  await secretService?.stop();
});

/** The app on a data folder of its own (each test alone by name), with these arguments and refusals. */
async function boot(args: string[] = [], refusedAccelerators: string[] = []): Promise<BootedApp> {
  const userData = join(configHome, 'stint');
  rmSync(userData, { recursive: true, force: true });
  mkdirSync(userData, { recursive: true });
  port = await freePort();
  booted = await bootBundle({
    userData,
    args: [`--local-port=${port}`, ...args],
    refusedAccelerators,
    bundle: bundle.main,
  });
  await until(() => existsSync(join(userData, 'stint.sock')), CONDITION_WAIT_MS, "the command line's socket");
  return booted;
}

const bridge = (app: BootedApp) => app.electron.windows[0]!.world!.stint as StintBridge;
const must = async <T>(result: Promise<Result<T>>): Promise<T> => {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

/** The embedded service as another device of the same user sees it. */
async function service(): Promise<ServiceApi> {
  const token = await createKeychain().get('local', 'personal-token');
  if (!token) throw new Error('the embedded account has no token in the keychain');
  return createServiceApi({
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { kind: 'personal', token },
    rateLimit: 0,
  });
}

/** A project made on the service, once the app has read it. */
async function projectSeen(app: BootedApp, api: ServiceApi, name: string) {
  const project = await api.createProject({ name });
  await must(bridge(app).refresh({}));
  await until(
    async () => (await must(bridge(app).getSnapshot({}))).projects.some((p) => p.id === project.id),
    CONDITION_WAIT_MS,
    `${name} in the snapshot`,
  );
  return project;
}

const timerState = async (api: ServiceApi, projectId: number) =>
  (await collect(api.listTimers())).find((t) => t.project.id === projectId)?.state ?? null;

describe('global shortcuts of the shipped bundle', () => {
  it('starts Chromium with exactly one --enable-features carrying every shortcut feature and the user’s own', async () => {
    const app = await boot(['--enable-features=WaylandWindowDecorations']);
    const features = app.electron.switches.filter((s) => s.name === 'enable-features');
    expect(features).toHaveLength(1);
    const named = features[0]!.value!.split(',');
    for (const feature of [...SHORTCUT_FEATURES, 'WaylandWindowDecorations']) expect(named).toContain(feature);
  });

  it('a shortcut the OS refuses reaches Settings with the command to bind instead, and that command pauses the timer', async () => {
    const app = await boot([], [DEFAULT_HOTKEYS.toggleTimer]);
    expect(app.electron.refusedRegistrations).toEqual([DEFAULT_HOTKEYS.toggleTimer]);
    const command = ['node', bundle.cli, 'toggle'];
    await until(
      async () => (await must(bridge(app).getSnapshot({}))).shortcuts.refused.length > 0,
      CONDITION_WAIT_MS,
      'the refusal in the snapshot',
    );
    expect((await must(bridge(app).getSnapshot({}))).shortcuts).toEqual({
      refused: [{ name: 'toggleTimer', accelerator: DEFAULT_HOTKEYS.toggleTimer }],
      toggleCommand: command,
    });

    // The command, run as GNOME or KDE runs it (no shell, no terminal), pauses the running timer.
    const api = await service();
    const project = await projectSeen(app, api, 'Refused');
    await must(bridge(app).startTimer({ projectId: project.id }));
    await until(async () => (await timerState(api, project.id)) === 'running', CONDITION_WAIT_MS, 'the timer running');
    await promisify(execFile)(command[0]!, command.slice(1), { env: { ...process.env, XDG_CONFIG_HOME: configHome } });
    await until(async () => (await timerState(api, project.id)) === 'paused', CONDITION_WAIT_MS, 'the timer paused');
  });

  it('a "start project 3" shortcut starts that project’s timer through the outbox, and resumes it once paused', async () => {
    const app = await boot();
    const api = await service();
    const other = await projectSeen(app, api, 'Elsewhere');
    const third = await projectSeen(app, api, 'Third');
    const keys = 'CommandOrControl+Alt+Shift+3';
    await must(
      bridge(app).updateSettings({ hotkeys: { startProject3: keys }, startProjects: { startProject3: third.id } }),
    );
    expect(app.electron.shortcuts.has(keys)).toBe(true);

    // Another timer runs; the shortcut starts Third's, which pauses it (one running timer).
    await must(bridge(app).startTimer({ projectId: other.id }));
    app.electron.press(keys);
    await until(async () => (await timerState(api, third.id)) === 'running', CONDITION_WAIT_MS, 'Third running');
    expect(await timerState(api, other.id)).toBe('paused');

    await must(bridge(app).pauseTimer({ projectId: third.id }));
    await until(async () => (await timerState(api, third.id)) === 'paused', CONDITION_WAIT_MS, 'Third paused');
    app.electron.press(keys);
    await until(async () => (await timerState(api, third.id)) === 'running', CONDITION_WAIT_MS, 'Third resumed');
    expect((await collect(api.listTimers())).filter((t) => t.project.id === third.id)).toHaveLength(1);
  });
});

// The app's own updates, in the shipped bundle under the Electron stand-in (test/support/electron/),
// against a local update feed over real HTTPS (test/support/updateFeed.ts, its certificate trusted
// by the stand-in's machine): electron-updater as shipped, its HTTP through the stand-in's
// net.request (Node's https in place of Chromium's).
//
// The bundle is built for this file with a release key of its own in place of the app's
// (scripts/build.mjs's releaseKey, into .scratch/, never dist/): the feed's files are signed with
// its private half by scripts/signUpdate.mjs's code, as a release's are with the real one.
//
// electron-updater's Linux updater replaces the running AppImage, which it finds by the APPIMAGE
// variable the AppImage runtime sets: here a temporary file named as a user's download would be
// (Stint.AppImage, no version in the name, so it is replaced in place). The "AppImage" the feed
// serves is a shell script that, when the updater starts it after the install, writes a file the
// test can see. Its downloads go to $XDG_CACHE_HOME/stint-updater/ (a temporary folder per test).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StintBridge } from '../../common/contract';
import type { Result } from '../../common/result';
import type { UpdateView } from '../../common/snapshot';
import { createServiceApi } from '../../main/api/client';
import { collect, type ServiceApi } from '../../main/api/types';
import { createKeychain } from '../../platform/keychain';
import { openJournal } from '../../main/core/sync/journal';
import { newReleaseKeys, signatureOf } from '../../scripts/signUpdate.mjs';
import { buildTestBundle, type TestBundle } from '../support/bundle';
import { bootBundle, until, type BootedApp } from '../support/electron/boot';
import { CONDITION_WAIT_MS } from '../support/patience';
import { startSecretService, type SecretServiceHandle } from '../support/secretService';
import { exportStatusNotifierWatcher } from '../support/statusNotifierWatcher';
import {
  fileName,
  sha512Of,
  startUpdateFeed,
  writeAppUpdateYml,
  type PublishedUpdate,
  type UpdateFeed,
} from '../support/updateFeed';
import { freePort } from './support';

let secretService: SecretServiceHandle;
let trayHost: { stop(): Promise<void> } | null = null;
let feed: UpdateFeed;
let work: string;
const saved = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
let booted: BootedApp | null = null;
/** This file's release key pair: its bundle trusts the public half; the feed's files are signed with the private one. */
const releaseKeys = newReleaseKeys();
let bundle: TestBundle;

beforeAll(async () => {
  secretService = await startSecretService();
  trayHost = await exportStatusNotifierWatcher(secretService.busAddress, true);
  // No delay before electron-updater loads (the shipped 5 s were most of this file's time: twelve
  // boots). Under the stand-in every boot shares this process, so a test's updater may still look
  // at a feed after its app quit; each test has a feed of its own (below), closed when it ends, so
  // such a look finds nothing to download into the next test's machine.
  bundle = await buildTestBundle('updates', { releaseKey: releaseKeys.publicKeyPem, updatesLoadDelayMs: 0 });
}, 120_000);

beforeEach(async () => {
  feed = await startUpdateFeed();
});

afterEach(async () => {
  if (booted && booted.electron.exitCode() === null) await booted.quit();
  booted = null;
  await feed?.close();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  bundle?.remove();
  await trayHost?.stop();
  await secretService?.stop();
});

/** A fresh machine for one test: a data folder, a cache, the installed AppImage, the package's resources. */
function machine(name: string) {
  work = mkdtempSync(join(tmpdir(), `stint-updates-${name}-`));
  const appImage = join(work, 'Applications', 'Stint.AppImage');
  const dirs = { userData: join(work, 'userData'), resources: join(work, 'resources'), cache: join(work, 'cache') };
  for (const dir of [dirs.userData, join(work, 'Applications')]) mkdirSync(dir, { recursive: true });
  writeFileSync(appImage, '#!/bin/sh\nexit 0\n');
  chmodSync(appImage, 0o755);
  process.env.APPIMAGE = appImage;
  process.env.XDG_CACHE_HOME = dirs.cache;
  return { ...dirs, appImage, launched: join(work, 'launched'), pending: join(dirs.cache, 'stint-updater', 'pending') };
}

/**
 * The AppImage of a version: a script that, started by the updater after the install, says so and
 * whether the app's database was closed by then (SQLite removes its WAL file on a clean close).
 */
function appImageOf(version: string, m: ReturnType<typeof machine>): Buffer {
  const wal = join(m.userData, 'local-service', 'service.db-wal');
  const script = [
    '#!/bin/sh',
    `if [ -e '${wal}' ]; then db=open; else db=closed; fi`,
    `echo "Stint ${version} started; the database was $db" > '${m.launched}'`,
    '',
  ].join('\n');
  // About 1 MiB, so the download takes long enough to report its progress.
  return Buffer.concat([Buffer.from(script), Buffer.from(`# ${'x'.repeat(1024 * 1024)}\n`)]);
}

/** What the new version's AppImage wrote once started, when it has written its whole line; else null. */
const launchedLine = (m: ReturnType<typeof machine>): string | null => {
  const text = existsSync(m.launched) ? readFileSync(m.launched, 'utf8') : '';
  return text.endsWith('\n') ? text : null;
};

/** An update as a release publishes it: its file, and the file's signature by the release key. */
const signed = (update: PublishedUpdate): PublishedUpdate => ({
  ...update,
  signature: signatureOf(update.payload, releaseKeys.privateKeyPem),
});

/** The stand-in's options for this file's bundle, on a machine that trusts the feed's certificate. */
const installed = (m: ReturnType<typeof machine>) => ({
  userData: m.userData,
  resourcesPath: m.resources,
  packaged: true,
  bundle: bundle.main,
  trustedCertificates: [feed.certificate],
});

async function boot(m: ReturnType<typeof machine>, feedUrl = feed.url) {
  await writeAppUpdateYml(m.resources, feedUrl);
  const port = await freePort();
  booted = await bootBundle({ ...installed(m), args: [`--local-port=${port}`] });
  return { app: booted, port };
}

const bridge = (app: BootedApp) => app.electron.windows[0]!.world!.stint as StintBridge;
const labels = (app: BootedApp) => app.electron.trays[0]?.menu?.labels() ?? [];
const must = async <T>(result: Promise<Result<T>>): Promise<T> => {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const updateOf = async (app: BootedApp): Promise<UpdateView | undefined> =>
  (await must(bridge(app).getSnapshot({}))).update;

/**
 * The update refused calmly: failed with this reason in words, nothing offered, the file not kept,
 * no dialog or notification, the app still running, and the window's button refused.
 */
async function refusedCalmly(app: BootedApp, m: ReturnType<typeof machine>, version: string, reason: string) {
  await until(async () => (await updateOf(app))?.state === 'failed', CONDITION_WAIT_MS, 'the update refused');
  expect(await updateOf(app)).toEqual({ state: 'failed', reason });
  expect(labels(app)).not.toContain('Restart to update');
  expect(existsSync(join(m.pending, fileName(version)))).toBe(false);
  expect(app.electron.errorBoxes).toEqual([]);
  expect(app.electron.notifications).toEqual([]);
  expect(app.electron.exitCode()).toBeNull();
  expect(await bridge(app).restartToUpdate({})).toMatchObject({ ok: false, error: { code: 'not_found' } });
}

async function service(port: number): Promise<ServiceApi> {
  const token = await createKeychain().get('local', 'personal-token');
  if (!token) throw new Error('the embedded account has no token in the keychain');
  return createServiceApi({
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { kind: 'personal', token },
    rateLimit: 0,
  });
}

describe('updates from a generic feed (electron-updater) under the Electron stand-in', () => {
  it('electron-builder.yml publishes to a generic HTTPS feed, which the package’s app-update.yml names', async () => {
    const published = await writeAppUpdateYml(join(mkdtempSync(join(tmpdir(), 'stint-feed-')), 'r'), 'unused');
    expect(published).toMatchObject({ provider: 'generic', updaterCacheDirName: 'stint-updater' });
    expect(String(published.url)).toMatch(/^https:\/\//);
  });

  it('finds a newer version at start, downloads it in the background with progress, and offers "Restart to update"; the restart puts the outbox away, installs, relaunches, and the timer runs on', async () => {
    const m = machine('newer');
    let progressSeen = false;
    const payload = appImageOf('0.2.0', m);
    feed.publish(signed({ version: '0.2.0', payload, flowing: () => progressSeen }));
    const { app, port } = await boot(m);
    const api = await service(port);
    const project = await api.createProject({ name: 'Website' });
    await must(bridge(app).refresh({}));
    await until(
      async () => (await must(bridge(app).getSnapshot({}))).projects.some((p) => p.id === project.id),
      CONDITION_WAIT_MS,
      'the project in the snapshot',
    );
    await must(bridge(app).startTimer({ projectId: project.id }));

    // Part of the file has come: the tray shows how much, the window's snapshot too.
    await until(
      () => labels(app).some((l) => /^Downloading Stint 0\.2\.0… ([1-9]\d?)%$/.test(l)),
      CONDITION_WAIT_MS,
      'the download progress in the tray menu',
    );
    expect(await updateOf(app)).toMatchObject({ state: 'downloading', version: '0.2.0' });
    // Nothing to install yet: the window's button is refused.
    expect(await bridge(app).restartToUpdate({})).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const pushed: Array<UpdateView | undefined> = [];
    const stopPushes = bridge(app).onSnapshot((snapshot) => pushed.push(snapshot.update));
    progressSeen = true;
    await until(() => labels(app).includes('Restart to update'), CONDITION_WAIT_MS, '"Restart to update"');
    expect(await updateOf(app)).toEqual({ state: 'ready', version: '0.2.0' });
    // The window is told too (its snapshot is pushed), and shows its own "Restart to update".
    await until(() => pushed.at(-1)?.state === 'ready', CONDITION_WAIT_MS, 'the ready update pushed to the window');
    stopPushes();
    expect(readFileSync(join(m.pending, 'Stint-0.2.0.AppImage')).equals(payload)).toBe(true);
    expect(app.electron.errorBoxes).toEqual([]);

    // A change made just before the restart is in the outbox; the restart flushes it as a quit does.
    await must(bridge(app).quickEntry({ text: '0:20 @Website before the restart' }));
    app.electron.trays[0]!.menu!.click('Restart to update');
    expect(await app.electron.exited).toBe(0);
    expect(readFileSync(m.appImage).equals(payload)).toBe(true);
    // electron-updater starts the new AppImage at once, which may find this one not gone yet (its
    // single-instance lock held) and quit; Electron's relaunch starts it again once this one exited.
    expect(app.electron.relaunches).toEqual([{ execPath: m.appImage, args: [] }]);
    // The whole line: the shell makes the file (its `>`) before echo writes into it.
    await until(() => launchedLine(m) !== null, CONDITION_WAIT_MS, 'the new version started');
    // Installed and started only once core had put its work away: the database closed, the journal whole.
    expect(readFileSync(m.launched, 'utf8')).toBe('Stint 0.2.0 started; the database was closed\n');
    const accountDir = join(m.userData, 'accounts', 'local');
    const reread = await openJournal(accountDir);
    expect(reread.skipped).toBe(0);
    await reread.journal.close();

    // The next start (the new version) finds the timer still running and the entry on the service.
    const feedReadsBefore = feed.requests.filter((path) => path.endsWith('.yml')).length;
    const again = await bootBundle({ ...installed(m), args: [`--local-port=${port}`], version: '0.2.0' });
    booted = again;
    const timers = await collect((await service(port)).listTimers());
    expect(timers.find((t) => t.project.id === project.id)?.state).toBe('running');
    await until(
      async () =>
        (await collect((await service(port)).listEntries())).some((e) => e.description === 'before the restart'),
      CONDITION_WAIT_MS,
      'the entry made before the restart on the service',
    );
    // The new version looks at the feed as it starts. Under the stand-in its updater lives on in
    // this process after the quit, so the test waits for that look to end: otherwise the next
    // test's download races it in the next machine's cache (seen failing 2 runs in 3).
    await until(
      async () =>
        feed.requests.filter((path) => path.endsWith('.yml')).length > feedReadsBefore &&
        !['checking', 'available', 'downloading'].includes((await updateOf(again))?.state ?? 'checking'),
      CONDITION_WAIT_MS,
      "the new version's own look at the feed done",
    );
  });

  it('the window’s "Restart to update" restarts into the new version as the tray’s does', async () => {
    const m = machine('window');
    const payload = appImageOf('0.2.1', m);
    feed.publish(signed({ version: '0.2.1', payload }));
    const { app } = await boot(m);
    await until(async () => (await updateOf(app))?.state === 'ready', CONDITION_WAIT_MS, 'the update ready');
    expect(await must(bridge(app).restartToUpdate({}))).toBeNull();
    expect(await app.electron.exited).toBe(0);
    expect(readFileSync(m.appImage).equals(payload)).toBe(true);
    await until(() => existsSync(m.launched), CONDITION_WAIT_MS, 'the new version started');
  });

  it('an AppImage update is installed only by "Restart to update": Quit leaves the AppImage as it was and quits', async () => {
    // electron-updater would install at quit by running the new AppImage and waiting for it to
    // exit (APPIMAGE_EXIT_AFTER_INSTALL, which only AppImageLauncher honours: the quit would hang,
    // the old file already gone; getpaseo/paseo#1485).
    const m = machine('quit');
    const installed = readFileSync(m.appImage);
    feed.publish(signed({ version: '0.2.2', payload: appImageOf('0.2.2', m) }));
    const { app } = await boot(m);
    await until(async () => (await updateOf(app))?.state === 'ready', CONDITION_WAIT_MS, 'the update ready');
    app.electron.trays[0]!.menu!.click('Quit Stint');
    expect(await app.electron.exited).toBe(0);
    expect(readFileSync(m.appImage).equals(installed)).toBe(true);
    expect(existsSync(m.launched)).toBe(false);
  });

  it('refuses a file whose sha512 is not the feed’s: failed, said in words, nothing offered, the app calm', async () => {
    const m = machine('hash');
    const payload = appImageOf('0.3.0', m);
    feed.publish(signed({ version: '0.3.0', payload, sha512: sha512Of(Buffer.from('another file')) }));
    const { app } = await boot(m);
    await until(async () => (await updateOf(app))?.state === 'failed', CONDITION_WAIT_MS, 'the update failed');
    expect(await updateOf(app)).toEqual({
      state: 'failed',
      reason: 'The downloaded update did not match its published checksum (sha512), so it was not installed.',
    });
    expect(feed.requests).toContain('/Stint-0.3.0.AppImage');
    expect(labels(app)).not.toContain('Restart to update');
    expect(labels(app).some((l) => l.startsWith('Downloading'))).toBe(false);
    expect(existsSync(join(m.pending, 'Stint-0.3.0.AppImage'))).toBe(false);
    expect(app.electron.errorBoxes).toEqual([]);
    expect(app.electron.notifications).toEqual([]);
    expect(app.electron.exitCode()).toBeNull();
    // The window's button is refused too: nothing is ready to install.
    expect(await bridge(app).restartToUpdate({})).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a feed that is down leaves the app calm: failed in words, no dialog, no crash', async () => {
    const m = machine('down');
    const nobody = await freePort();
    const { app } = await boot(m, `https://127.0.0.1:${nobody}/`);
    await until(async () => (await updateOf(app))?.state === 'failed', CONDITION_WAIT_MS, 'the check failed');
    expect(await updateOf(app)).toEqual({ state: 'failed', reason: 'The update server could not be reached.' });
    expect(app.electron.errorBoxes).toEqual([]);
    expect(app.electron.notifications).toEqual([]);
    expect(labels(app)).not.toContain('Restart to update');
    // Still working: a quick entry is taken.
    await must(bridge(app).quickEntry({ text: '0:05 while the feed is down' }));
    expect(app.electron.exitCode()).toBeNull();
  });

  it('refuses a downgrade: an older version on the feed is not downloaded', async () => {
    const m = machine('older');
    const before = feed.requests.length;
    feed.publish(signed({ version: '0.0.9', payload: appImageOf('0.0.9', m) }));
    const { app } = await boot(m);
    await until(() => feed.requests.slice(before).includes('/latest-linux.yml'), CONDITION_WAIT_MS, 'the feed asked');
    await until(async () => (await updateOf(app))?.state === 'idle', CONDITION_WAIT_MS, 'the check done');
    expect(feed.requests.slice(before)).not.toContain('/Stint-0.0.9.AppImage');
    expect(labels(app)).not.toContain('Restart to update');
  });
  it('refuses a download signed by another key than the release key’s: failed in words, the file removed, nothing installed', async () => {
    const m = machine('forged');
    const before = readFileSync(m.appImage);
    const payload = appImageOf('0.4.0', m);
    const forger = newReleaseKeys();
    feed.publish({ version: '0.4.0', payload, signature: signatureOf(payload, forger.privateKeyPem) });
    const { app } = await boot(m);
    await refusedCalmly(
      app,
      m,
      '0.4.0',
      'The downloaded update is not signed by Stint’s publisher, so it was not installed.',
    );
    expect(feed.requests).toContain('/Stint-0.4.0.AppImage.sig');
    // Nor installed at quit.
    app.electron.trays[0]!.menu!.click('Quit Stint');
    expect(await app.electron.exited).toBe(0);
    expect(readFileSync(m.appImage).equals(before)).toBe(true);
    expect(existsSync(m.launched)).toBe(false);
  });

  it('refuses a download whose sha512 is right but that has no signature on the feed', async () => {
    const m = machine('unsigned');
    feed.publish({ version: '0.4.1', payload: appImageOf('0.4.1', m) });
    const { app } = await boot(m);
    await refusedCalmly(
      app,
      m,
      '0.4.1',
      'The update was published without a signature from Stint’s release key, so it was not installed.',
    );
    expect(feed.requests).toContain('/Stint-0.4.1.AppImage');
    expect(feed.requests).toContain('/Stint-0.4.1.AppImage.sig');
  });

  it('refuses a redirect off https: the file’s address sends to http, which is never asked', async () => {
    const m = machine('redirect');
    const plainBefore = feed.plainRequests.length;
    const version = '0.4.2';
    feed.publish(
      signed({ version, payload: appImageOf(version, m), redirectTo: `${feed.httpUrl}${fileName(version)}` }),
    );
    const { app } = await boot(m);
    await refusedCalmly(
      app,
      m,
      version,
      'The update server sent Stint to an address that is not HTTPS, so nothing was downloaded from it.',
    );
    expect(feed.requests).toContain(`/${fileName(version)}`);
    expect(feed.plainRequests.slice(plainBefore)).toEqual([]);
  });

  it('follows a redirect that stays on https (a mirror), and keeps what it verified, ready to install', async () => {
    const m = machine('mirror');
    const version = '0.4.5';
    const payload = appImageOf(version, m);
    feed.publish(signed({ version, payload, redirectTo: `${feed.url}mirror/${fileName(version)}` }));
    const { app } = await boot(m);
    await until(async () => (await updateOf(app))?.state === 'ready', CONDITION_WAIT_MS, 'the update ready');
    expect(feed.requests).toContain(`/mirror/${fileName(version)}`);
    expect(readFileSync(join(m.pending, fileName(version))).equals(payload)).toBe(true);
  });

  it('refuses a feed that is not https: nothing is asked there', async () => {
    const m = machine('plain');
    const plainBefore = feed.plainRequests.length;
    feed.publish(signed({ version: '0.4.3', payload: appImageOf('0.4.3', m) }));
    const { app } = await boot(m, feed.httpUrl);
    await refusedCalmly(
      app,
      m,
      '0.4.3',
      'The update server sent Stint to an address that is not HTTPS, so nothing was downloaded from it.',
    );
    expect(feed.plainRequests.slice(plainBefore)).toEqual([]);
  });

  it('checks the signature again at the install: a downloaded file changed before the restart is not installed', async () => {
    const m = machine('tampered');
    const before = readFileSync(m.appImage);
    feed.publish(signed({ version: '0.4.4', payload: appImageOf('0.4.4', m) }));
    const { app } = await boot(m);
    await until(async () => (await updateOf(app))?.state === 'ready', CONDITION_WAIT_MS, 'the update ready');
    // Someone with the user's rights changes the verified file in the updater's cache.
    const pending = join(m.pending, fileName('0.4.4'));
    writeFileSync(pending, `#!/bin/sh\necho tampered > '${m.launched}'\n`);
    app.electron.trays[0]!.menu!.click('Restart to update');
    expect(await app.electron.exited).toBe(0);
    expect(readFileSync(m.appImage).equals(before)).toBe(true);
    expect(existsSync(pending)).toBe(false);
    expect(existsSync(m.launched)).toBe(false);
  });
});

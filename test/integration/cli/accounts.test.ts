// One account in use for the window, the tray and the command line (issue 27 item 16): `stint
// status` names it, and `--account NAME` makes any command on the account named, switching the
// app to it as the window's Make default does (Stint has one account open at a time), said so.
// The bundled client in its own process, the real socket, the real app with a remote account
// (a second local service) and the local one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StatusJson } from '../../../cli/views';
import { LOCAL_ACCOUNT } from '../../../main/core/embedded/embeddedAccount';
import { until } from '../../support/offline';
import { startOfflineRemoteApp, type OfflineRemoteApp } from '../../support/offlineRemoteApp';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

let remote: OfflineRemoteApp;
let bundleDir: ReturnType<typeof tempDir>;
let bundle: string;

beforeAll(async () => {
  bundleDir = tempDir('stint-cli-accounts-');
  [bundle, remote] = await Promise.all([bundleCli(bundleDir.path), startOfflineRemoteApp()]);
});

afterAll(async () => {
  await remote?.close();
  bundleDir?.remove();
});

const stint = (args: string[]) => runStint(bundle, ['--data', remote.dataDir, ...args]);
const inUse = () => remote.app.getSnapshot().account;

it('status names the account in use; --account NAME acts on that account, switching the app to it and saying so', async () => {
  const remoteLabel = inUse().label;
  expect((await stint(['status'])).stdout).toMatch(new RegExp(`^Account: ${remoteLabel}\n`));

  // The local account, named in another case: the app switches (window and tray too), then starts there.
  const started = await stint(['--account', LOCAL_ACCOUNT.label.toUpperCase(), 'start', 'Website', 'on the local one']);
  expect(started.stderr).toBe(
    `stint: Stint now uses ${LOCAL_ACCOUNT.label}, in the window and the tray too (as Make default does).\n`,
  );
  // The local account had no such project: created there, as the window's Start does.
  expect(started).toMatchObject({ code: 0, stdout: 'Started Website (a new project).\n' });
  expect(inUse().id).toBe(LOCAL_ACCOUNT.id);
  expect(remote.app.registry().defaultAccountId).toBe(LOCAL_ACCOUNT.id);
  expect(remote.app.getSnapshot().timers.find((t) => t.state === 'running')?.description).toBe('on the local one');

  // The account in use already: nothing switches, nothing is said about it.
  const same = await stint(['--account', LOCAL_ACCOUNT.label, 'status', '--json']);
  expect(same.stderr).toBe('');
  expect(JSON.parse(same.stdout) as StatusJson).toMatchObject({
    account: LOCAL_ACCOUNT.label,
    running: { project: 'Website' },
  });

  // Back to the remote one by its name: pause acts there, where nothing runs.
  const paused = await stint(['--account', remoteLabel, 'pause']);
  expect(paused).toMatchObject({ code: 1 });
  expect(paused.stderr).toContain(`stint: Stint now uses ${remoteLabel}`);
  expect(paused.stderr).toContain('stint: No timer is running.');
  await until(() => inUse().label === remoteLabel, 'the remote account in use');

  const unknown = await stint(['--account', 'Nowhere Inc', 'status']);
  expect(unknown).toMatchObject({ code: 1, stdout: '' });
  expect(unknown.stderr).toBe(
    `stint: No account named “Nowhere Inc”. Your accounts: ${LOCAL_ACCOUNT.label}, ${remoteLabel}.\n`,
  );
});

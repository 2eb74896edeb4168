// `stint log` while the app's remote account is offline: the command says "queued" and exits 0,
// and the entry lands on the service exactly once when the network is back.
import { expect, it } from 'vitest';
import { until } from '../../support/offline';
import { offlineCliForFile, type OfflineRemoteApp } from '../../support/offlineRemoteApp';
import { runStint } from '../../support/stintCli';

let remote: OfflineRemoteApp;
let bundle: string;
offlineCliForFile((shared) => ({ remote, bundle } = shared));

it('offline: log answers in the window\'s words ("Saved here · sends when <account> answers"), status says offline with the change pending, and the entry lands once when the service is back', async () => {
  await remote.offline();
  const stint = (args: string[], stdin?: string) => runStint(bundle, ['--data', remote.dataDir, ...args], { stdin });

  const logged = await stint(['log', '0:45 @Remote written offline']);
  expect(logged).toMatchObject({ code: 0, stderr: '' });
  const account = remote.app.getSnapshot().account.label;
  expect(logged.stdout).toBe(`Saved here · sends when ${account} answers: 0:45 on Remote.\n`);
  const piped = await stint(['log'], '0:05 @Remote piped offline\n0:05 @Remote piped offline\n');
  expect(piped.code).toBe(0);
  expect(piped.stdout).toBe(
    `line 1: Saved here · sends when ${account} answers: 0:15 on Remote (0:05 rounded up to its 15 minutes).\nline 2: Saved here · sends when ${account} answers: 0:15 on Remote (0:05 rounded up to its 15 minutes).\n`,
  );

  const status = JSON.parse((await stint(['status', '--json'])).stdout);
  expect(status).toMatchObject({ online: false, pending: 3 });
  expect((await stint(['status'])).stdout).toContain('Offline: 3 change(s) queued');
  expect(await remote.entriesOnService('written offline')).toBe(0);

  await remote.online();
  await until(() => remote.app.getSnapshot().outbox.pending === 0, 'the outbox to drain');
  expect(await remote.entriesOnService('written offline')).toBe(1);
  // Two lines alike are two entries: each line is its own operation, each sent once.
  expect(await remote.entriesOnService('piped offline')).toBe(2);
  // Once more, after everything settled: nothing is sent twice.
  await remote.app.whenIdle();
  expect(await remote.entriesOnService('written offline')).toBe(1);
  expect(JSON.parse((await stint(['status', '--json'])).stdout)).toMatchObject({ online: true, pending: 0 });
});

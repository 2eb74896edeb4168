// What the user is told when the app can no longer keep what it is given (issue 18 item 1): the
// outbox's journal was deleted or replaced under the running app (before the data folder was
// locked, a second app's start did this). Offline, "queued" would be a promise kept only in a file
// no one reads again; `stint log` must say the change was not saved, and exit non-zero.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../../main/core/sync/journal';
import { until } from '../../support/offline';
import { offlineCliForFile, type OfflineRemoteApp } from '../../support/offlineRemoteApp';
import { runStint } from '../../support/stintCli';

let remote: OfflineRemoteApp;
let bundle: string;
offlineCliForFile((shared) => ({ remote, bundle } = shared));

it('offline, with its journal replaced under it: log refuses in words and exits non-zero, nothing shown as queued', async () => {
  await remote.offline();
  const stint = (args: string[]) => runStint(bundle, ['--data', remote.dataDir, ...args]);
  expect((await stint(['log', '0:15 @Remote queued before'])).stdout).toMatch(/^Saved here · sends when /);
  const journal = join(remote.dataDir, 'accounts', remote.app.registry().defaultAccountId, JOURNAL_FILE);
  writeFileSync(`${journal}.other`, '');
  renameSync(`${journal}.other`, journal);

  const logged = await stint(['log', '0:45 @Remote after the journal was replaced']);
  expect(logged.stdout).not.toMatch(/queued/i);
  expect(logged.stderr).toMatch(
    /outbox file .* was deleted or replaced .* not saved\. Quit Stint and start it again\./,
  );
  expect(logged.code).not.toBe(0);
  expect(JSON.parse((await stint(['status', '--json'])).stdout)).toMatchObject({ pending: 1 });

  // Back online, the app cannot record a send (its attempt or its success) any more: it stops
  // sending at the first record refused, rather than crash or send on with nothing on disk, and
  // still answers. (Whether that first record came before or after the send depends on where the
  // offline try left the item: once at most.)
  await remote.online();
  await until(() => remote.app.describeSync().includes('stopped: Stint'), 'the worker to stop', 20_000);
  expect(await remote.entriesOnService('queued before')).toBeLessThanOrEqual(1);
  expect((await stint(['status', '--json'])).code).toBe(0);
});

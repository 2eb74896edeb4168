// A running app (openStintApp, with the command line's socket) whose default account is a remote
// one: a second local service reached through the fault proxy, so the test can take the network
// away and give it back. For the command line's offline test and benchmark.
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dispatch } from '../../common/dispatch';
import { createServiceApi } from '../../main/api/client';
import { collect, type ServiceApi } from '../../main/api/types';
import { openStintApp, type StintApp } from '../../main/core/accounts/app';
import { startCliSocket, type CliSocketServer } from '../../main/core/cliSocket/server';
import { createSessionSecrets } from '../../platform/keychain';
import { startService } from '../../service';
import { startFaultProxy } from './faultProxy';
import { until } from './offline';
import { bundleCli } from './stintCli';
import { tempDir } from './tempDir';

export interface OfflineRemoteApp {
  app: StintApp;
  socket: CliSocketServer;
  /** The app's data folder (for `stint --data`). */
  dataDir: string;
  /** The remote service as seen directly, not through the proxy. */
  remote: ServiceApi;
  /** Entries on the remote service with this description. */
  entriesOnService(description: string): Promise<number>;
  /** Cuts the network (every connection reset before it reaches the service) and waits until the app has noticed. */
  offline(): Promise<void>;
  /** Gives it back and asks the app to look again. */
  online(): Promise<void>;
  close(): Promise<void>;
}

export async function startOfflineRemoteApp(): Promise<OfflineRemoteApp> {
  const dir = tempDir('stint-cli-remote-');
  const token = `remote-${process.pid}-${Date.now()}`;
  const service = await startService({ dataDir: join(dir.path, 'service'), rateLimit: 0, token });
  const proxy = await startFaultProxy(service.url);
  const dataDir = join(dir.path, 'app');
  const app = await openStintApp({ dataDir, secrets: createSessionSecrets(), remote: { rateLimit: 0 } });
  const added = await dispatch(app.handlers, 'addAccountWithToken', { baseUrl: proxy.url, token });
  if (!added.ok) throw new Error(added.error.message);
  // Adding never switches the default: the user's Switch does.
  const { accountId } = added.value as { accountId: string };
  const switched = await app.handlers.setDefaultAccount({ accountId });
  if (!switched.ok) throw new Error(switched.error.message);
  await until(() => app.getSnapshot().account.kind === 'remote' && app.getSnapshot().online, 'the remote account');
  const socket = await startCliSocket({ handlers: app.handlers, exportCsv: app.exportCsv, dataDir });
  const remote = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token }, rateLimit: 0 });
  return {
    app,
    socket,
    dataDir,
    remote,
    async entriesOnService(description) {
      return (await collect(remote.listEntries())).filter((e) => e.description === description).length;
    },
    async offline() {
      proxy.chaos({ seed: 1, rate: 1, weights: { 'reset-before': 1 } });
      await dispatch(app.handlers, 'refresh', {});
      await until(() => !app.getSnapshot().online, 'the app to notice it is offline');
    },
    async online() {
      proxy.heal();
      await dispatch(app.handlers, 'refresh', {});
    },
    async close() {
      await socket.close();
      await app.stop();
      await proxy.close();
      await service.close();
      dir.remove();
    },
  };
}

/** What a file of `stint` command tests against an offline remote account shares. */
export interface OfflineCli {
  remote: OfflineRemoteApp;
  /** The bundled `stint` command, to run with runStint. */
  bundle: string;
}

/**
 * Bundles the `stint` command and starts the app on a remote account that can go offline, both
 * before the file's tests (at once), and closes them after; `take` is handed both once ready.
 */
export function offlineCliForFile(take: (shared: OfflineCli) => void): void {
  let remote: OfflineRemoteApp | undefined;
  let bundleDir: ReturnType<typeof tempDir> | undefined;
  beforeAll(async () => {
    bundleDir = tempDir('stint-cli-bundle-');
    let bundle: string;
    [bundle, remote] = await Promise.all([bundleCli(bundleDir.path), startOfflineRemoteApp()]);
    take({ remote, bundle });
  });
  afterAll(async () => {
    await remote?.close();
    bundleDir?.remove();
  });
}

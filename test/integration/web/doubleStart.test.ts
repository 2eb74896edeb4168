// A second `npm run web` on a data folder in use (issue 18 item 1). The web host A runs on a
// folder whose default account is a remote one, offline, with an entry queued; B, started on the
// same folder, must be refused with the clear message (exit 1) having opened, renamed, registered
// and written nothing there. Before the folder was locked, B's start-up compaction renamed a new
// outbox journal over A's: A then answered the next `stint log` "queued" while writing it only to
// the deleted file, and after a kill -9 and a restart that entry was gone.
//
// Real processes throughout: the web host as `npm run web` runs it (tsx web/cli.ts), the bundled
// command line, a second local service as the remote one behind the fault proxy (which takes the
// network away), and a throwaway Secret Service so that the restarted host has the token again.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../common/dispatch';
import { createServiceApi } from '../../../main/api/client';
import { collect, type ServiceApi } from '../../../main/api/types';
import { openStintApp } from '../../../main/core/accounts/app';
import { createKeychain } from '../../../platform/keychain';
import { JOURNAL_FILE } from '../../../main/core/sync/journal';
import { root } from '../../../scripts/electronBinary.mjs';
import { startService, type RunningService } from '../../../service';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { until } from '../../support/offline';
import { startSecretService, type SecretServiceHandle } from '../../support/secretService';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let keyring: SecretServiceHandle;
let service: RunningService;
let proxy: FaultProxy;
let remote: ServiceApi;
let bundle: string;
const hosts: WebHostProcess[] = [];
const previousBus = process.env.DBUS_SESSION_BUS_ADDRESS;

beforeAll(async () => {
  dir = tempDir('stint-double-start-');
  keyring = await startSecretService();
  const token = `double-start-${process.pid}`;
  service = await startService({ dataDir: join(dir.path, 'service'), rateLimit: 0, token });
  proxy = await startFaultProxy(service.url);
  remote = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token }, rateLimit: 0 });
  bundle = await bundleCli(dir.path);
}, 60_000);

afterAll(async () => {
  for (const host of hosts) host.kill();
  await proxy?.close();
  await service?.close();
  await keyring?.stop();
  if (previousBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = previousBus;
  dir?.remove();
});

interface WebHostProcess {
  child: ChildProcess;
  out(): string;
  exited: Promise<number | null>;
  /** SIGKILL to the host and the processes it started (tsx runs the app in a child). */
  kill(): void;
}

/** `npm run web -- --data <dataDir> --port 0`, in its own process group. */
function webHost(dataDir: string): WebHostProcess {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'web/cli.ts'), '--data', dataDir, '--port', '0'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const host = {
    child,
    out: () => out,
    exited,
    kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  hosts.push(host);
  return host;
}

const running = (host: WebHostProcess) =>
  until(() => host.out().includes('Stint is running at') || host.child.exitCode !== null, 'the web host', 60_000).then(
    () => expect(host.out()).toContain('Stint is running at'),
  );

/**
 * Every file under `folder` (sockets aside) with what would change if anything wrote, renamed or
 * replaced it. Under `live` (the open account's folder, where A itself records its send attempts
 * meanwhile) only which file is there: a rename or a replacement changes the inode.
 */
function fingerprint(folder: string, live: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else if (s.isFile())
        out[path.slice(folder.length)] = path.startsWith(live)
          ? `ino ${s.ino}`
          : `ino ${s.ino} size ${s.size} mtime ${s.mtimeMs}`;
    }
  };
  walk(folder);
  return out;
}

/** The files the processes of `pgid` hold open that were deleted under them. */
function deletedFilesHeld(pgid: number): string[] {
  const held: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.endsWith('(deleted)')) held.push(target);
      }
    } catch {
      // a process that ended meanwhile
    }
  }
  return held;
}

/** Polls an asynchronous condition until it holds (generous bound: a loaded machine is slow). */
async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const onService = async (description: string) =>
  (await collect(remote.listEntries())).filter((e) => e.description === description).length;

describe('a second web host on a data folder in use', () => {
  it('is refused having changed nothing there; what the first acknowledges afterwards survives a kill -9 and a restart', {
    timeout: 180_000,
  }, async () => {
    const dataDir = join(dir.path, 'app');
    // The folder as the user left it: a remote account (its token in the keychain) as the default,
    // with a project to log to.
    await remote.createProject({ name: 'P1' });
    const setup = await openStintApp({ dataDir, secrets: createKeychain(), remote: { rateLimit: 0 } });
    const added = await dispatch(setup.handlers, 'addAccountWithToken', { baseUrl: proxy.url, token: service.token });
    if (!added.ok) throw new Error(added.error.message);
    const { accountId } = added.value as { accountId: string };
    expect((await setup.handlers.setDefaultAccount({ accountId })).ok).toBe(true);
    await setup.stop();
    const journal = join(dataDir, 'accounts', accountId, JOURNAL_FILE);
    const stint = (args: string[]) => runStint(bundle, ['--data', dataDir, ...args]);
    const status = async () => JSON.parse((await stint(['status', '--json'])).stdout || '{}');

    const a = webHost(dataDir);
    await running(a);
    await eventually(async () => (await status()).online === true, 'A online on the remote account');
    // The network goes; an entry is queued (its send attempted: the journal has more records than items).
    proxy.chaos({ seed: 1, rate: 1, weights: { 'reset-before': 1 } });
    const before = await stint(['log', '0:20 @P1 queued before B']);
    expect(before).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Saved here · sends when /) });
    await eventually(async () => (await status()).online === false, 'A to find the service unreachable');
    expect(await status()).toMatchObject({ online: false, pending: 1 });

    const untouched = fingerprint(dataDir, dirname(journal));
    const b = webHost(dataDir);
    expect(await b.exited).toBe(1);
    expect(b.out()).toContain('Another Stint is already running with this data folder');
    // B opened, renamed, registered and wrote nothing: every file as it was, A's journal the live one.
    expect(fingerprint(dataDir, dirname(journal))).toEqual(untouched);
    expect(deletedFilesHeld(a.child.pid!).filter((f) => f.includes(JOURNAL_FILE))).toEqual([]);

    // What A acknowledges now is in the file at the path, and survives A's kill -9.
    const after = await stint(['log', '0:20 @P1 queued after B']);
    expect(after).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Saved here · sends when /) });
    expect(readFileSync(journal, 'utf8')).toContain('queued after B');
    a.kill();
    await a.exited;

    // Restarted, with the network back: both entries reach the service, once each.
    proxy.heal();
    const again = webHost(dataDir);
    await running(again);
    await eventually(async () => (await status()).pending === 0, 'the restarted host to send what was queued');
    expect([await onService('queued before B'), await onService('queued after B')]).toEqual([1, 1]);
    expect(await status()).toMatchObject({ online: true, pending: 0 });
    again.kill();
    await again.exited;
  });
});

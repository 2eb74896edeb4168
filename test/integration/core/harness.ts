// Core against the real local service over real HTTP. Both run on one shifted clock, so a test
// can let "half an hour pass" for the user, the timers and the service alike. A lossy proxy
// stands in for a network that loses an answer after the service acted.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startService } from '../../../service';
import { createServiceApi } from '../../../main/api/client';
import type { ServiceApi } from '../../../main/api/types';
import { createCore } from '../../../main/core/core';
import type { Clock, Core } from '../../../main/core/types';
import type { Snapshot } from '../../../common/snapshot';
import { ACCOUNT, unreachableApi, until } from '../../support/offline';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { CONDITION_WAIT_MS } from '../../support/patience';
import { tempDir } from '../../support/tempDir';
export { must } from '../../support/result';

export interface Local {
  url: string;
  /** The owner's personal token, for clients built by the test. */
  token: string;
  /** A client of its own, to look at the service from outside core. */
  api: ServiceApi;
  client(baseUrl?: string): ServiceApi;
  clock: Clock & { pass(ms: number): void };
  core(dataDir: string, api?: ServiceApi): Promise<Core>;
  offlineCore(dataDir: string): Promise<Core>;
  /** Stops every core made so far (each test's, before its folder is removed). */
  stopCores(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocal(): Promise<Local> {
  let skew = 0;
  const clock = {
    now: () => Date.now() + skew,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
    pass: (ms: number) => {
      skew += ms;
    },
  };
  const service = await startService({ rateLimit: 0, now: () => new Date(clock.now()) });
  const client = (baseUrl = service.url) =>
    createServiceApi({ baseUrl, credentials: { kind: 'personal', token: service.token }, rateLimit: 0, retries: 0 });
  const cores: Core[] = [];
  const core = async (dataDir: string, api = client()) => {
    const c = await createCore({ api, dataDir, account: ACCOUNT, clock });
    cores.push(c);
    return c;
  };
  return {
    url: service.url,
    token: service.token,
    api: client(),
    client,
    clock,
    core,
    offlineCore: async (dataDir) => core(dataDir, await unreachableApi()),
    async stopCores() {
      for (const c of cores.splice(0)) await c.stop();
    },
    async close() {
      for (const c of cores.splice(0)) await c.stop();
      await service.close();
    },
  };
}

export type TempDir = ReturnType<typeof tempDir>;

/** What a file's tests share: one local service with a fault proxy in front, and a data folder each. */
export interface LocalForTests {
  local: Local;
  proxy: FaultProxy;
  dir: TempDir;
}

/**
 * Starts one local service and a fault proxy in front of it before the file's tests, closing both
 * after them, and makes each test a fresh data folder, removed after it. `take` is handed them
 * before each test, so a file keeps them in its own variables:
 * `localForFile((s) => ({ local, proxy, dir } = s))`.
 */
export function localForFile(take: (shared: LocalForTests) => void): void {
  let local: Local | undefined;
  let proxy: FaultProxy | undefined;
  let dir: TempDir | undefined;
  beforeAll(async () => {
    local = await startLocal();
    proxy = await startFaultProxy(local.url);
  });
  afterAll(async () => {
    await local?.close();
    await proxy?.close();
  });
  beforeEach(() => {
    dir = tempDir();
    take({ local: local!, proxy: proxy!, dir });
  });
  // The test's cores stop before its folder goes: a core still running writes its journal and
  // ledger there, and a file made while the folder is removed fails the removal (ENOTEMPTY, once
  // in a fresh-clone run).
  afterEach(async () => {
    await local?.stopCores();
    dir?.remove();
  });
}

/** Everything the user did is on the service and read back: nothing queued, nothing still local. */
export const synced = (s: Snapshot) =>
  s.online &&
  s.outbox.pending === 0 &&
  s.today.entries.every((e) => e.id !== null) &&
  s.timers.every((t) => t.status.state === 'sent') &&
  s.projects.every((p) => p.id > 0);

export const untilSynced = (core: Core, ms = CONDITION_WAIT_MS) =>
  until(() => synced(core.getSnapshot()), 'core to sync', ms);

/**
 * A proxy to the service that, for the first request matching `lose`, lets the service act and
 * then cuts the connection instead of passing the answer on. The service writes its absolute
 * links (Link, Location) from its own address, never from the Host a client sent; the proxy
 * stands for the address clients know it by, so it writes its own there, as a service whose
 * public URL is the proxy's would.
 */
function throughProxy(headers: IncomingMessage['headers'], target: string, proxy: string): IncomingMessage['headers'] {
  const out = { ...headers };
  for (const name of ['link', 'location'] as const) {
    const value = out[name];
    if (typeof value === 'string') out[name] = value.split(target).join(proxy);
  }
  return out;
}

export async function lossyProxy(
  target: string,
  lose: (method: string, path: string) => boolean,
): Promise<{ url: string; lost: () => number; close(): Promise<void> }> {
  let lost = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = httpRequest(
        target + req.url,
        { method: req.method, headers: req.headers },
        (answer: IncomingMessage) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            if (lost === 0 && lose(req.method!, req.url!)) {
              lost++;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode!, throughProxy(answer.headers, target, `http://127.0.0.1:${port}`));
            res.end(Buffer.concat(body));
          });
        },
      );
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    lost: () => lost,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// What the broadcast receiver's tests (and bench/polling.bench.ts) share: the real local service
// on a short broadcast interval, real clients of its owner, and a dispatcher that counts every
// request a client sends (so a test can say "core did not re-read the timers").
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
import { createServiceApi } from '../../../main/api/client';
import type { ServiceApi } from '../../../main/api/types';
import { startBroadcasts, type Broadcasts } from '../../../main/core/embedded/broadcasts/registration';
import { RECEIVER_PATH } from '../../../main/core/embedded/broadcasts/server';
import { createCore } from '../../../main/core/core';
import { createSessionSecrets, type SecretStore } from '../../../platform/keychain';
import type { Core } from '../../../main/core/types';
import { startService, type RunningService } from '../../../service';
import { fakeClock, type FakeClock } from '../../support/clock';
import { ACCOUNT, until } from '../../support/offline';
import { tempDir as freshDir } from '../../support/tempDir';

/** An undici Agent that records "METHOD /path" of every request it sends. */
export class CountingAgent extends Agent {
  readonly sent: string[] = [];
  override dispatch(options: Agent.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.sent.push(`${options.method} ${String(options.path).split('?')[0]}`);
    return super.dispatch(options, handler);
  }
  /** Requests whose "METHOD /path" is `what`. */
  count(what: string): number {
    return this.sent.filter((s) => s === what).length;
  }
}

export interface Local {
  service: RunningService;
  /** A client of the owner; `dispatcher` to count its requests. */
  client(dispatcher?: Dispatcher): ServiceApi;
  close(): Promise<void>;
}

/** The real service in this process; broadcasts every `broadcastIntervalMs` (>= 1 s keeps sent_at, whole seconds, distinct). */
export async function startLocal(broadcastIntervalMs = 1000): Promise<Local> {
  const service = await startService({ rateLimit: 0, broadcastIntervalMs });
  return {
    service,
    client: (dispatcher) =>
      createServiceApi({
        baseUrl: service.url,
        credentials: { kind: 'personal', token: service.token },
        rateLimit: 0,
        retries: 0,
        dispatcher,
      }),
    close: () => service.close(),
  };
}

export interface Watched {
  local: Local;
  core: Core;
  /** Core's clock: a fake nobody advances, so core's poll never fires by itself. */
  clock: FakeClock;
  /** Counts core's requests (not those of registration or of the test's other clients). */
  counted: CountingAgent;
  broadcasts: Broadcasts;
  secrets: SecretStore;
  /** last_event of every broadcast that reached onBroadcast. */
  heard: string[];
  /** Where the receiver listens. */
  url: string;
  close(): Promise<void>;
}

/**
 * The real service, a core of its owner past its start-up reads, and a receiver registered for it
 * whose broadcasts notify core, which is told they are live. The window is hidden (core starts so).
 */
export async function startWatched(broadcastIntervalMs = 1000): Promise<Watched> {
  const local = await startLocal(broadcastIntervalMs);
  const dir = tempDir();
  const clock = fakeClock(Date.now());
  const counted = new CountingAgent();
  const core = await createCore({ api: local.client(counted), dataDir: dir.path, account: ACCOUNT, clock });
  await until(
    () =>
      core.getSnapshot().lastSyncAt !== null &&
      core.getSnapshot().user !== null &&
      counted.count('GET /v2/timers') === 1,
    'start-up reads',
  );
  const heard: string[] = [];
  const secrets = createSessionSecrets();
  const broadcasts = await startBroadcasts({
    api: local.client(),
    secrets,
    account: ACCOUNT.id,
    dataDir: dir.path,
    onBroadcast(lastEvent) {
      heard.push(lastEvent);
      core.notify('broadcast');
    },
  });
  core.setBroadcastsLive(broadcasts.live);
  // Hidden and live: the worker waits for nothing timed.
  await until(() => clock.pending().count === 0, 'no poll armed');
  return {
    local,
    core,
    clock,
    counted,
    broadcasts,
    secrets,
    heard,
    url: `http://127.0.0.1:${broadcasts.port}${RECEIVER_PATH}`,
    async close() {
      await broadcasts.stop();
      await core.stop();
      await local.close();
      await counted.close();
      dir.remove();
    },
  };
}

export const tempDir = (): { path: string; remove(): void } => freshDir('stint-broadcasts-');

/** The wire's timestamp, whole seconds. */
export const timestamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export const hmac = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** A body of the spec's shape, as the service would send it. */
export function broadcastBody(receiverId: number, sentAtMs: number, subject = 'timer'): Buffer {
  return Buffer.from(
    JSON.stringify({
      broadcast_receiver: { id: receiverId, name: 'Stint desktop' },
      sent_at: timestamp(sentAtMs),
      last_event: 'timer.running',
      subject: { type: subject, url: 'http://127.0.0.1/v2/timers' },
    }),
  );
}

/** POSTs raw bytes to the receiver, as anyone on this machine could (chunked when told); answers the status. */
export function post(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const length = headers['transfer-encoding'] ? {} : { 'content-length': String(body.length) };
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...length, ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

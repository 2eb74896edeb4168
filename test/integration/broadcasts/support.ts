// What the broadcast receiver's tests (and bench/polling.bench.ts) share: the real local service
// on a short broadcast interval, real clients of its owner, and a dispatcher that counts every
// request a client sends (so a test can say "core did not re-read the timers").
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { createServiceApi } from '../../../main/api/client';
import type { ServiceApi } from '../../../main/api/types';
import { startService, type RunningService } from '../../../service';

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
    client: (dispatcher) => createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token: service.token }, rateLimit: 0, retries: 0, dispatcher }),
    close: () => service.close(),
  };
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'stint-broadcasts-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The wire's timestamp, whole seconds. */
export const timestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

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

/** POSTs raw bytes to the receiver, as anyone on this machine could; answers the status. */
export function post(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

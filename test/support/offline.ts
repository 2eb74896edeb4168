// What core tests need besides a clock and a folder (./clock.ts, ./tempDir.ts): a service
// address that refuses connections (the real client pointed at a loopback port nobody listens
// on), and a way to wait for something the worker does in the background.
import { createServer } from 'node:net';
import { createServiceApi } from '../../main/api/client';
import type { ServiceApi } from '../../main/api/types';
import { CONDITION_WAIT_MS } from './patience';

/** A loopback URL whose port was free a moment ago and is closed now. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The real client, unable to reach any service; retries off so each call fails at once. */
export async function unreachableApi(): Promise<ServiceApi> {
  return createServiceApi({
    baseUrl: await closedPortUrl(),
    credentials: { kind: 'personal', token: 'unused' },
    rateLimit: 0,
    retries: 0,
  });
}

/** Polls `condition` until it holds; gives up only after a generous bound (./patience.ts). */
export async function until(
  condition: () => boolean,
  what = 'condition',
  timeoutMs = CONDITION_WAIT_MS,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const ACCOUNT = { id: 'test', label: 'Test', kind: 'local' } as const;

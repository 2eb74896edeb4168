// Issue 5's drain rate: 1000 entries queued while offline, then sent to the local service at its
// default limit of 2 requests/s (the service enforces it; the client's limiter keeps to it).
// Reports the sustained requests/s as a fraction of the limit and how many requests it took.
// STINT_DRAIN_ENTRIES sets the count (default 1000, ~8.5 minutes on the one-by-one path).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { startService } from '../service';
import { createServiceApi } from '../main/api/client';
import { createCore } from '../main/core/core';
import type { CoreOptions } from '../main/core/types';
import { unreachableApi, until } from '../test/unit/core/support/offline';
import type { Benchmark, BenchResult } from './types';

const LIMIT = 2;
const ACCOUNT = { id: 'bench', label: 'Bench', kind: 'local' } as const;

/** A dispatcher that counts the requests it carries, and when the first and last began. */
function countingAgent() {
  const seen = { count: 0, first: 0, last: 0 };
  const agent = new Agent().compose((dispatch: Dispatcher['dispatch']) => (options, handler) => {
    const now = performance.now();
    if (seen.count++ === 0) seen.first = now;
    seen.last = now;
    return dispatch(options, handler);
  });
  return { agent, seen };
}

export interface DrainResult {
  entries: number;
  requests: number;
  seconds: number;
  /** Requests per second between the first and the last request of the drain. */
  rate: number;
}

/**
 * Queues `entries` quick entries in an offline core, then opens the same outbox online and waits
 * until every entry is on the service. `extra` adds core options (the v1 bulk importer).
 */
export async function measureDrain(entries: number, extra: (service: { url: string; token: string }, dispatcher: Dispatcher) => Partial<CoreOptions> = () => ({})): Promise<DrainResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-drain-'));
  const service = await startService({ rateLimit: LIMIT });
  try {
    const offline = await createCore({ api: await unreachableApi(), dataDir, account: ACCOUNT });
    for (let i = 0; i < entries; i++) {
      const r = await offline.handlers.quickEntry({ text: `0:15 queued entry ${i + 1}` });
      if (!r.ok) throw new Error(r.error.message);
    }
    await offline.stop();

    const { agent, seen } = countingAgent();
    const api = createServiceApi({ baseUrl: service.url, credentials: { kind: 'personal', token: service.token }, dispatcher: agent });
    const started = performance.now();
    const core = await createCore({ api, dataDir, account: ACCOUNT, ...extra(service, agent) });
    await until(() => core.getSnapshot().outbox.pending === 0 && core.getSnapshot().outbox.failed.length === 0, 'the outbox to drain', 60 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const requests = seen.count;
    const rate = requests > 1 ? (requests - 1) / ((seen.last - seen.first) / 1000) : 0;
    await core.stop();
    await agent.close();
    return { entries, requests, seconds, rate };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function drainRows(path: string, r: DrainResult): BenchResult[] {
  return [
    {
      name: `drain ${r.entries} queued entries (${path}): sustained rate / limit`,
      value: r.rate / LIMIT,
      unit: 'of 2 req/s',
      target: '>= 0.95',
      met: r.rate / LIMIT >= 0.95,
      detail: `${r.requests} requests in ${r.seconds.toFixed(1)} s (${r.rate.toFixed(3)} req/s between the first and the last)`,
    },
  ];
}

const bench: Benchmark = async () => {
  const entries = Number(process.env.STINT_DRAIN_ENTRIES ?? 1000);
  const oneByOne = await measureDrain(entries);
  return drainRows('v2, one POST /v2/entries each', oneByOne);
};

export default bench;

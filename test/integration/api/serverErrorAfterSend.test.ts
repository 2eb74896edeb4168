// A 5xx that comes after the service acted: a gateway passes POST /v2/entries on, the service
// creates the entry, and the client is answered 500 (or 503) instead. The client must not call
// that a failure it may simply repeat: it reports an unknown outcome, and core's outbox, which
// looks for its marker before sending again, ends with the entry made exactly once.
import { describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { collect } from '../../../main/api/types';
import type { Fault, FaultProxy } from '../../support/faultProxy';
import { must, untilSynced, type Local, localForFile, type TempDir } from '../core/harness';
import { failureOf, uniqueName } from './harness';

let local: Local;
let proxy: FaultProxy;
let dir: TempDir;
localForFile((shared) => ({ local, proxy, dir } = shared));

/** The real client through the proxy, with its default retries: only safe calls are repeated. */
const throughProxy = () =>
  createServiceApi({
    baseUrl: proxy.url,
    credentials: { kind: 'personal', token: local.token },
    rateLimit: 0,
    timeoutMs: 2000,
    backoff: { baseMs: 1, capMs: 5 },
  });

const entryPosts = () => proxy.recent.filter((r) => r.method === 'POST' && r.path === '/v2/entries').length;
const onCreate = (fault: Fault) => ({
  fault,
  when: (method: string, path: string) => method === 'POST' && path === '/v2/entries',
});

describe.each(['500-after', '503-after'] as const)('POST /v2/entries answered %s', (fault) => {
  const status = Number(fault.slice(0, 3));

  it('is reported as an unknown outcome, sent once, while the service made the entry', async () => {
    const description = uniqueName('Answered a failure');
    const before = entryPosts();
    proxy.cue(onCreate(fault));
    const error = await failureOf(throughProxy().createEntry({ date: '2026-02-03', minutes: 30, description }));
    expect(error).toMatchObject({ kind: 'unknown_outcome', status, retryable: true });
    expect(entryPosts() - before).toBe(1);
    const made = await collect(local.api.listEntries({ description }));
    expect(made.map((e) => [e.date, e.minutes, e.description])).toEqual([['2026-02-03', 30, description]]);
  });

  it("through core's outbox, ends with the entry made exactly once", async () => {
    const description = uniqueName('Typed once');
    const core = await local.core(dir.path, throughProxy());
    await untilSynced(core);
    const faultsBefore = proxy.stats.faults[fault];
    const postsBefore = entryPosts();
    proxy.cue(onCreate(fault));
    await must(core.handlers.quickEntry({ text: `0:30 ${description}` }));
    await untilSynced(core);

    expect(proxy.stats.faults[fault] - faultsBefore).toBe(1);
    // The next send found the entry by its marker instead of posting it again.
    expect(entryPosts() - postsBefore).toBe(1);
    const made = await collect(local.api.listEntries({ description }));
    expect(made).toHaveLength(1);
    expect(made[0]!.minutes).toBe(30);
    expect(core.getSnapshot().today.entries.filter((e) => e.description === description)).toHaveLength(1);
  });
});

// Entries queued while offline drain through the v1 bulk import: many per request, exactly once
// even when the import's answer is lost, and a refused import costs only the faulty entry.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, type Dispatcher } from 'undici';
import { createServiceApi } from '../../../main/api/client';
import { createLegacyApi } from '../../../main/api/legacy';
import { collect } from '../../../main/api/types';
import { createCore } from '../../../main/core/core';
import type { Core } from '../../../main/core/types';
import { uniqueWord } from '../../support/names';
import { ACCOUNT, until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';
import { lossyProxy, must, startLocal, type Local } from '../core/harness';
import { startFaultProxy } from '../../support/faultProxy';
import { startOfflineSwitch } from './offlineSwitch';

let local: Local;
let dir: ReturnType<typeof tempDir>;
const cores: Core[] = [];
beforeAll(async () => {
  local = await startLocal();
});
afterAll(async () => {
  await local?.close();
});
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop();
  dir.remove();
});

/** Counts what goes over the wire, by method and path. */
function countingAgent(): { agent: Dispatcher; seen: string[] } {
  const seen: string[] = [];
  const agent = new Agent().compose((dispatch: Dispatcher['dispatch']) => (options, handler) => {
    seen.push(`${options.method} ${options.path.split('?')[0]}`);
    return dispatch(options, handler);
  });
  return { agent, seen };
}

/** Queues quick entries in a core that cannot reach the service; its outbox stays on disk. */
async function queueOffline(texts: string[]): Promise<void> {
  const offline = await local.offlineCore(dir.path);
  // In one call, as a pasted day is: one at a time, a worker woken by each could try the first
  // before the last is queued (on a loaded machine it did), and a tried entry goes on its own.
  const { logged } = await must(offline.handlers.logLines({ lines: texts }));
  expect(logged).toHaveLength(texts.length);
  await offline.stop();
}

async function drain(baseUrl = local.url): Promise<{ core: Core; seen: string[] }> {
  const { agent, seen } = countingAgent();
  const api = createServiceApi({
    baseUrl,
    credentials: { kind: 'personal', token: local.token },
    rateLimit: 0,
    retries: 0,
    dispatcher: agent,
  });
  const importer = createLegacyApi({ baseUrl, token: local.token, rateLimit: 0, retries: 0, dispatcher: agent });
  const core = await createCore({
    api,
    dataDir: dir.path,
    account: ACCOUNT,
    clock: local.clock,
    importer,
    backoff: { firstMs: 20, capMs: 100 },
  });
  cores.push(core);
  await until(() => core.getSnapshot().outbox.pending === 0, 'the outbox to drain', 20_000);
  await core.whenIdle();
  return { core, seen };
}

const withDescription = async (word: string) => collect(local.api.listEntries({ description: word }));

describe('draining queued entries through the bulk import', () => {
  it('300 entries arrive in one import request, each once', async () => {
    const word = uniqueWord('bulk');
    await queueOffline(Array.from({ length: 300 }, (_, i) => `0:${String((i % 50) + 10)} ${word} number ${i}`));
    const { core, seen } = await drain();
    const imports = seen.filter((s) => s === 'POST /api/entries/import');
    expect(imports).toHaveLength(1);
    expect(seen.filter((s) => s.startsWith('POST /v2/entries'))).toHaveLength(0);
    const entries = await withDescription(word);
    expect(entries).toHaveLength(300);
    expect(new Set(entries.map((e) => e.description)).size).toBe(300);
    expect(new Set(entries.map((e) => e.import?.id)).size).toBe(1);
    expect(core.getSnapshot().outbox.failed).toEqual([]);
  });

  it('an import whose answer was lost is found, not sent twice', async () => {
    const word = uniqueWord('lost');
    await queueOffline(Array.from({ length: 20 }, (_, i) => `0:15 ${word} ${i}`));
    const proxy = await lossyProxy(
      local.url,
      (method, path) => method === 'POST' && path.startsWith('/api/entries/import'),
    );
    try {
      const { seen } = await drain(proxy.url);
      expect(proxy.lost()).toBe(1);
      expect(seen.filter((s) => s === 'POST /api/entries/import')).toHaveLength(1);
      expect(await withDescription(word)).toHaveLength(20);
    } finally {
      await proxy.close();
    }
  });

  it('an import that never arrived is sent again, though one alike in time and project landed just before', async () => {
    const word = uniqueWord('alike');
    // Three stand-ups of a quarter hour, imported and acknowledged.
    await queueOffline([0, 1, 2].map((i) => `0:15 ${word} monday ${i}`));
    const first = await drain();
    await first.core.stop();
    cores.splice(cores.indexOf(first.core), 1);
    // Three more of the same date, minutes and project: their import is reset before the
    // service sees it, so the earlier import must not pass for it.
    await queueOffline([0, 1, 2].map((i) => `0:15 ${word} tuesday ${i}`));
    const proxy = await startFaultProxy(local.url);
    try {
      proxy.cue({
        fault: 'reset-before',
        when: (method, path) => method === 'POST' && path.startsWith('/api/entries/import'),
      });
      const { seen } = await drain(proxy.url);
      expect(proxy.stats.faults['reset-before']).toBe(1);
      expect(seen.filter((s) => s === 'POST /api/entries/import')).toHaveLength(2);
      const arrived = (await withDescription(word)).map((e) => e.description).sort();
      expect(arrived).toEqual([
        ...[0, 1, 2].map((i) => `${word} monday ${i}`),
        ...[0, 1, 2].map((i) => `${word} tuesday ${i}`),
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('an import refused for one entry sends them one by one: only that one fails', async () => {
    const net = await startOfflineSwitch();
    try {
      const elsewhere = net.local.api;
      const word = uniqueWord('refused');
      const project = await elsewhere.createProject({ name: uniqueWord('Archived') });
      await elsewhere.createEntry({ date: '2026-01-05', minutes: 15, project_id: project.id });
      const core = await net.core(dir.path, { bulk: true });
      await until(() => core.getSnapshot().projects.some((p) => p.id === project.id), 'the project to be read');
      await core.whenIdle();
      net.offline();
      for (const text of [`0:15 ${word} a`, `0:15 @${project.name} ${word} b`, `0:15 ${word} c`, `0:15 ${word} d`])
        await must(core.handlers.quickEntry({ text }));
      await elsewhere.archiveProject(project.id);
      net.online();
      await until(() => core.getSnapshot().outbox.pending === 0, 'the outbox to drain', 20_000);
      const sent = net
        .seen()
        .filter((r) => r.fault === null && r.method === 'POST')
        .map((r) => r.path.split('?')[0]);
      expect(sent.filter((p) => p === '/api/entries/import')).toHaveLength(1);
      expect(sent.filter((p) => p === '/v2/entries')).toHaveLength(4);
      const arrived = await collect(elsewhere.listEntries({ description: word }));
      expect(arrived.map((e) => e.description).sort()).toEqual([`${word} a`, `${word} c`, `${word} d`]);
      const failed = core.getSnapshot().outbox.failed;
      expect(failed).toHaveLength(1);
      expect(failed[0]!.summary).toContain(project.name);
      expect(failed[0]!.message).toMatch(/archived/);
    } finally {
      await net.close();
    }
  });
});

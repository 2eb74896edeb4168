// Deleting an entry that is still queued, against the real local service: never sent, it is
// cancelled after the undo grace and nothing reaches the service (Undo keeps it); sent but not yet
// confirmed, the delete finds what the send made by its marker and deletes exactly that.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { FaultProxy } from '../../support/faultProxy';
import { until } from '../../support/offline';
import { lossyProxy, must, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let proxy: FaultProxy;
let dir: TempDir;
localForFile((shared) => ({ local, proxy, dir } = shared));

const today = () => localDate(local.clock.now());
const onService = async (description: string) =>
  (await collect(local.api.listEntries({ from: today(), to: today() }))).filter((e) => e.description === description);
const keyOf = (core: Awaited<ReturnType<Local['core']>>, description: string) =>
  core.getSnapshot().today.entries.find((e) => e.description === description)!.key;

describe('deleting a queued entry', () => {
  it('never sent: cancelled after the grace, with no request; Undo sends it after all', async () => {
    const first = await local.api.createEntry({ date: today(), minutes: 10, description: `held ${process.pid}` });
    const core = await local.core(dir.path, local.client(proxy.url));
    await until(() => core.getSnapshot().today.entries.some((e) => e.id === first.id), 'the entry read');
    // A delete in its grace holds what is queued after it: these two are not sent yet.
    await must(core.handlers.deleteEntry({ entryId: first.id }));
    const cancel = `cancel me ${process.pid}`;
    const keep = `keep me ${process.pid}`;
    await must(core.handlers.quickEntry({ text: `0:20 ${cancel}` }));
    await must(core.handlers.quickEntry({ text: `0:25 ${keep}` }));
    const before = proxy.recent.length;

    await must(core.handlers.deleteEntry({ key: keyOf(core, cancel) }));
    await must(core.handlers.deleteEntry({ key: keyOf(core, keep) }));
    const shown = core.getSnapshot();
    expect(shown.today.entries.map((e) => e.description)).not.toContain(cancel);
    expect(shown.undo.map((u) => u.summary)).toEqual([
      `Deleted 0:10: held ${process.pid}`,
      `Deleted 0:20: ${cancel}`,
      `Deleted 0:25: ${keep}`,
    ]);
    await must(core.handlers.undo({ id: shown.undo[2]!.id }));
    expect(core.getSnapshot().today.entries.map((e) => e.description)).toContain(keep);

    await until(() => core.getSnapshot().undo.length === 0, 'the grace over');
    await core.whenIdle();
    expect(await onService(cancel)).toEqual([]);
    expect((await onService(keep)).map((e) => e.minutes)).toEqual([25]);
    expect(await onService(`held ${process.pid}`)).toEqual([]);
    // One entry created: the cancelled one never left this machine.
    const posts = proxy.recent.slice(before).filter((r) => r.method === 'POST' && r.path.startsWith('/v2/entries'));
    expect(posts).toHaveLength(1);
    expect(core.getSnapshot().outbox.pending).toBe(0);
  });

  it('sent with its answer lost: the delete finds the entry by its marker and deletes it once', async () => {
    const lossy = await lossyProxy(local.url, (method, path) => method === 'POST' && path.startsWith('/v2/entries'));
    try {
      const core = await local.core(dir.path, local.client(lossy.url));
      await until(() => core.getSnapshot().lastSyncAt !== null, 'the first read');
      const text = `lost answer ${process.pid}`;
      await must(core.handlers.quickEntry({ text: `0:15 ${text}` }));
      await until(() => lossy.lost() === 1, 'the answer lost');
      // Made on the service, unconfirmed here: still the queued entry, named by its key.
      const entry = core.getSnapshot().today.entries.find((e) => e.description === text)!;
      expect(entry.id).toBeNull();
      await must(core.handlers.deleteEntry({ key: entry.key }));
      await until(() => core.getSnapshot().undo.length === 0, 'the grace over');
      await core.whenIdle();
      expect(await onService(text)).toEqual([]);
      expect(core.getSnapshot().today.entries.map((e) => e.description)).not.toContain(text);
    } finally {
      await lossy.close();
    }
  });
});

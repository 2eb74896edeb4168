// The sync ledger through the real core and the real local service (issue 14): a logged entry is
// waiting, then confirmed with the id the service gave it; an entry on a project archived meanwhile
// is refused with the service's message; an undo within the grace is discarded; and the export
// carries the same.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { tempDir } from '../../support/tempDir';
import { until } from '../../support/offline';
import { must, startLocal, untilSynced, type Local } from './harness';
import { CONDITION_WAIT_MS } from '../../support/patience';

let local: Local;
let dir: ReturnType<typeof tempDir>;
let core: Core;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(() => local?.close());
beforeEach(async () => {
  dir = tempDir();
  core = await local.core(dir.path);
});
afterEach(() => dir.remove());

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
const activity = async () => must(core.handlers.getActivity({}));
const newest = async () => (await activity()).entries[0]!;

async function projectRead(name: string) {
  const project = await local.api.createProject({ name });
  await core.handlers.refresh({});
  await until(() => core.getSnapshot().projects.some((p) => p.id === project.id), 'the project read');
  return project;
}

describe('the Activity ledger', () => {
  it('a logged entry is waiting, then confirmed with the id the service gave it', async () => {
    const project = await projectRead(unique('Ledger'));
    const note = unique('standup');
    // The worker may send it at once: the first look finds it on its way, whichever step it is at.
    await must(core.handlers.quickEntry({ text: `0:20 @${project.name} ${note}` }));
    const queued = await newest();
    // The minutes the service stores: 0:20 rounded up to the project's 15 (issue 27 item 10).
    expect(queued).toMatchObject({ what: `Log 0:30 on ${project.name}: ${note}`, kind: 'createEntry' });
    expect(['waiting', 'sent', 'confirmed']).toContain(queued.state);

    await untilSynced(core);
    const [entry] = (await collect(local.api.listEntries({ project_ids: [project.id] }))).filter(
      (e) => e.description === note,
    );
    const confirmed = await newest();
    expect(confirmed).toMatchObject({ id: queued.id, state: 'confirmed', serviceId: entry!.id, message: null });
    expect(confirmed.sentAt).not.toBeNull();
    expect(confirmed.tookMs).toBe(confirmed.settledAt! - confirmed.queuedAt);
    expect((await activity()).waitingByAccount).toEqual([
      { accountId: expect.any(String), label: expect.any(String), waiting: 0 },
    ]);

    const exported = await must(core.handlers.exportActivity({}));
    expect(exported.fileName).toMatch(/^stint-activity-.*\.json$/);
    expect(JSON.parse(exported.json).entries[0]).toMatchObject({
      id: queued.id,
      state: 'confirmed',
      serviceId: entry!.id,
    });
  });

  it('an entry on a project archived meanwhile is refused with the service message, then discarded by the user', async () => {
    const project = await projectRead(unique('Archived'));
    // The service archives only a project with something on it.
    await local.api.createEntry({ date: localDate(local.clock.now()), minutes: 10, project_id: project.id });
    await local.api.archiveProject(project.id);
    await must(core.handlers.quickEntry({ text: `0:30 @${project.name} ${unique('late')}` }));
    await until(() => core.getSnapshot().outbox.failed.length === 1, 'the refusal');

    const refused = await newest();
    expect(refused).toMatchObject({ state: 'refused', settledAt: null });
    expect(refused.message).toContain('archived');
    expect(refused.message).toBe(core.getSnapshot().outbox.failed[0]!.message);
    expect((await activity()).waitingByAccount[0]!.waiting).toBe(1);

    await must(core.handlers.discardOperation({ id: refused.id }));
    expect(await newest()).toMatchObject({ id: refused.id, state: 'discarded', message: refused.message });
    expect((await activity()).waitingByAccount[0]!.waiting).toBe(0);
  });

  it('a send the network failed is failed, to be sent again by itself, with why in words', async () => {
    await core.stop();
    core = await local.offlineCore(dir.path);
    await must(core.handlers.quickEntry({ text: `0:20 ${unique('offline')}` }));
    await expect.poll(async () => (await newest()).state, { timeout: CONDITION_WAIT_MS }).toBe('failed');
    const failed = await newest();
    expect(failed.message).toMatch(/\S/);
    expect(failed).toMatchObject({ settledAt: null, sentAt: expect.any(Number) });
    expect(core.getSnapshot().outbox).toMatchObject({ pending: 1, failed: [] });
  });

  it('a discard undone within its grace is discarded, and survives a restart', async () => {
    const project = await projectRead(unique('Undone'));
    await local.api.startTimer(project.id);
    await core.handlers.refresh({});
    await until(() => core.getSnapshot().timers.some((t) => t.projectId === project.id), 'the timer read');
    await must(core.handlers.discardTimer({ projectId: project.id }));
    expect(await newest()).toMatchObject({ state: 'waiting', what: `Discard the timer of ${project.name}` });
    await must(core.handlers.undo({ id: core.getSnapshot().undo[0]!.id }));
    const undone = await newest();
    expect(undone).toMatchObject({ state: 'discarded', sentAt: null });

    await core.stop();
    core = await local.core(dir.path);
    expect(await newest()).toEqual(undone);
    await local.api.deleteTimer(project.id);
  });
});

// Undo for discard and delete against the real local service: the destructive call waits out
// its grace (on the shared, shiftable clock), an undo within it leaves the service untouched,
// a restart keeps it held, and what the user did after it is not sent before it.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { UNDO_GRACE_MS } from '../../../main/core/model/undoGrace';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timersOnService = async (projectId: number) => collect(local.api.listTimers({ projects: [projectId] }));

/** A project with a running timer on the service, read by a new core. */
async function coreWithTimer(): Promise<{ core: Core; projectId: number; name: string }> {
  const name = unique('Undo');
  const project = await local.api.createProject({ name });
  await local.api.startTimer(project.id);
  const core = await local.core(dir.path);
  await until(() => core.getSnapshot().timers.some((t) => t.projectId === project.id), 'the timer read');
  return { core, projectId: project.id, name };
}

/** The grace runs out on the shared clock; core is told, as a resume would. */
function graceEnds(core: Core) {
  local.clock.pass(UNDO_GRACE_MS);
  core.notify('resume');
}

describe('undo for discard and delete', () => {
  it('a discard is hidden at once, offered for undo, and sent only after the grace', async () => {
    const { core, projectId, name } = await coreWithTimer();
    const at = local.clock.now();
    await must(core.handlers.discardTimer({ projectId }));
    const snap = core.getSnapshot();
    expect(snap.timers.some((t) => t.projectId === projectId)).toBe(false);
    expect(snap.undo).toEqual([
      {
        id: expect.any(String),
        summary: `Discarded ${name}'s timer`,
        until: expect.any(Number),
        restores: { timer: name },
      },
    ]);
    expect(snap.undo[0]!.until - at).toBeGreaterThanOrEqual(UNDO_GRACE_MS);

    await sleep(300);
    expect(await timersOnService(projectId)).toHaveLength(1);

    graceEnds(core);
    await untilSynced(core);
    expect(await timersOnService(projectId)).toEqual([]);
    expect(core.getSnapshot().undo).toEqual([]);
  });

  it('an undo within the grace shows the timer again and nothing reaches the service', async () => {
    const { core, projectId } = await coreWithTimer();
    await must(core.handlers.discardTimer({ projectId }));
    const id = core.getSnapshot().undo[0]!.id;
    await must(core.handlers.undo({ id }));
    expect(core.getSnapshot().timers.some((t) => t.projectId === projectId)).toBe(true);
    expect(core.getSnapshot().undo).toEqual([]);

    graceEnds(core);
    await untilSynced(core);
    expect(await timersOnService(projectId)).toHaveLength(1);
    // Undone twice: nothing left to undo, said so.
    expect(await core.handlers.undo({ id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a restart during the grace keeps the discard held and undoable', async () => {
    const first = await coreWithTimer();
    await must(first.core.handlers.discardTimer({ projectId: first.projectId }));
    await first.core.stop();

    const core = await local.core(dir.path);
    await until(() => core.getSnapshot().lastSyncAt !== null, 'the first read');
    expect(core.getSnapshot().timers.some((t) => t.projectId === first.projectId)).toBe(false);
    expect(core.getSnapshot().undo).toHaveLength(1);
    await sleep(300);
    expect(await timersOnService(first.projectId)).toHaveLength(1);
    await must(core.handlers.undo({ id: core.getSnapshot().undo[0]!.id }));
    expect(core.getSnapshot().timers.some((t) => t.projectId === first.projectId)).toBe(true);
  });

  it('what the user did after a discard waits for it: order is kept', async () => {
    const { core, projectId } = await coreWithTimer();
    const other = await local.api.createProject({ name: unique('After') });
    await core.handlers.refresh({});
    await until(() => core.getSnapshot().projects.some((p) => p.id === other.id), 'the project read');
    await must(core.handlers.discardTimer({ projectId }));
    await must(core.handlers.startTimer({ projectId: other.id }));
    await sleep(300);
    expect(await timersOnService(other.id)).toEqual([]);
    expect(await timersOnService(projectId)).toHaveLength(1);

    graceEnds(core);
    await untilSynced(core);
    expect(await timersOnService(projectId)).toEqual([]);
    expect((await timersOnService(other.id)).map((t) => t.state)).toEqual(['running']);
    await local.api.deleteTimer(other.id);
  });

  it("deletes one of today's entries after the grace; undone, it stays", async () => {
    const core = await local.core(dir.path);
    const date = localDate(local.clock.now());
    const kept = await local.api.createEntry({ date, minutes: 30, description: unique('kept') });
    const gone = await local.api.createEntry({ date, minutes: 45, description: unique('gone') });
    await until(() => core.getSnapshot().today.entries.some((e) => e.id === gone.id), "today's entries read");

    await must(core.handlers.deleteEntry({ entryId: kept.id }));
    await must(core.handlers.deleteEntry({ entryId: gone.id }));
    expect(core.getSnapshot().today.entries.some((e) => e.id === kept.id || e.id === gone.id)).toBe(false);
    expect(core.getSnapshot().undo.map((u) => u.summary)).toEqual([
      `Deleted 0:30: ${kept.description}`,
      `Deleted 0:45: ${gone.description}`,
    ]);
    await must(core.handlers.undo({ id: core.getSnapshot().undo[0]!.id }));
    expect(core.getSnapshot().today.entries.some((e) => e.id === kept.id)).toBe(true);

    graceEnds(core);
    await untilSynced(core);
    const ids = (await collect(local.api.listEntries({ from: date, to: date }))).map((e) => e.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    expect(core.getSnapshot().today.entries.some((e) => e.id === gone.id)).toBe(false);
  });

  it('refuses an undo once the grace is over, and an unknown entry to delete', async () => {
    const core = await local.offlineCore(dir.path);
    expect(await core.handlers.deleteEntry({ entryId: 987_654 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const { projectId } = await must(core.handlers.createProject({ name: unique('Offline') }));
    await must(core.handlers.startTimer({ projectId }));
    await must(core.handlers.discardTimer({ projectId }));
    const id = core.getSnapshot().undo[0]!.id;
    local.clock.pass(UNDO_GRACE_MS);
    const late = await core.handlers.undo({ id });
    expect(late).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!late.ok && late.error.message).toMatch(/Too late to undo/);
  });
});

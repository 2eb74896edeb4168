// Editing one of today's entries, against the real local service: online and offline (the edit
// waits on disk and goes when the network is back), an entry typed offline and edited before it
// was ever created (its creation goes out with the new values), and what the service refuses (an
// entry deleted elsewhere, an entry of a project archived there) is kept as a failed change with
// a message, never made again. Afterwards the service holds the edited values, once.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import type { Snapshot } from '../../../common/snapshot';
import { collect } from '../../../main/api/types';
import { entryMarker, type Operation } from '../../../main/core/model/operations';
import { sendOperation } from '../../../main/core/senders/sendOnce';
import type { Core } from '../../../main/core/types';
import { until } from '../../support/offline';
import { must } from '../core/harness';
import { settled, useOfflineSwitch } from './offlineSwitch';
import { SENT } from '../../../common/savedHere';

const { net, core: newCore } = useOfflineSwitch();

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
const today = () => localDate(net().local.clock.now());
const entriesOnService = async (word: string) => collect(net().local.api.listEntries({ description: word }));
const shown = (core: Core, word: string) =>
  core.getSnapshot().today.entries.filter((e) => e.description?.includes(word));
const keyOf = (snap: Snapshot, word: string) => snap.today.entries.find((e) => e.description?.includes(word))!.key;

/** A core that has read an entry (and a project) made on the service. */
async function coreWithEntry(word: string) {
  const { api } = net().local;
  const project = await api.createProject({ name: unique('Backend') });
  const entry = await api.createEntry({ date: today(), minutes: 30, description: `${word} draft` });
  const core = await newCore();
  await until(
    () =>
      shown(core, word).some((e) => e.id === entry.id) && core.getSnapshot().projects.some((p) => p.id === project.id),
    'the entry read',
  );
  return { core, project, entry };
}

describe("editing one of today's entries", () => {
  it('online: the service holds the new values at once', async () => {
    const word = unique('online');
    const { core, project, entry } = await coreWithEntry(word);
    await must(
      core.handlers.updateEntry({
        key: String(entry.id),
        time: '1:05',
        description: `${word} final #review`,
        project: project.name,
      }),
    );
    // Shown as the service will round it: up to the project's 15 minutes.
    expect(shown(core, word)).toMatchObject([
      { id: entry.id, minutes: 75, projectName: project.name, description: `${word} final #review` },
    ]);
    await settled(core);

    const entries = await entriesOnService(word);
    expect(entries.map((e) => [e.id, e.minutes, e.project?.id, e.description, e.tags.map((t) => t.name)])).toEqual([
      [entry.id, 75, project.id, `${word} final #review`, ['review']],
    ]);
    expect(shown(core, word)).toMatchObject([{ id: entry.id, minutes: 75, status: SENT }]);
  });

  it('offline: the edit waits, shown, and reaches the service once the network is back', async () => {
    const word = unique('offline');
    const { core, project, entry } = await coreWithEntry(word);
    await net().offlineFor(core);
    await must(
      core.handlers.updateEntry({
        key: String(entry.id),
        time: '2h',
        description: `${word} on the train`,
        project: project.name,
      }),
    );
    await must(
      core.handlers.updateEntry({
        key: String(entry.id),
        time: '1:45',
        description: `${word} on the train`,
        project: '',
      }),
    );
    expect(shown(core, word)).toMatchObject([
      { id: entry.id, minutes: 105, projectName: null, status: { state: 'saved here' } },
    ]);
    expect((await entriesOnService(word)).map((e) => e.minutes)).toEqual([30]);

    net().online();
    await settled(core);
    const entries = await entriesOnService(word);
    expect(entries.map((e) => [e.id, e.minutes, e.project, e.description])).toEqual([
      [entry.id, 105, null, `${word} on the train`],
    ]);
    expect(core.getSnapshot().outbox.failed).toEqual([]);
  });

  it('offline: an entry typed and edited before it was ever created goes out once, with the new values', async () => {
    const word = unique('typed');
    const core = await newCore();
    await until(() => core.getSnapshot().lastSyncAt !== null, 'the first read');
    await net().offlineFor(core);
    await must(core.handlers.quickEntry({ text: `0:20 ${word} first thought` }));
    // The worker has tried to send it (an attempt on disk), so the next send will look for it first.
    await until(() => core.describeSync().includes('backing off'), 'a failed send');
    const key = keyOf(core.getSnapshot(), word);
    await must(
      core.handlers.updateEntry({ key, time: '50m', description: `${word} second thought #idea`, project: '' }),
    );
    expect(core.getSnapshot().outbox.pending).toBe(1);
    expect(shown(core, word)).toMatchObject([
      { key, id: null, minutes: 50, description: `${word} second thought #idea`, status: { state: 'saved here' } },
    ]);

    net().online();
    await settled(core);
    const entries = await entriesOnService(word);
    expect(entries.map((e) => [e.minutes, e.description])).toEqual([[50, `${word} second thought #idea`]]);
    expect(entries[0]!.source_url).toMatch(/^https:\/\/stint\.invalid\/op\//);
  });

  it('an entry deleted elsewhere meanwhile: the edit fails, saying so, and nothing is made again', async () => {
    const word = unique('gone');
    const { core, entry } = await coreWithEntry(word);
    await net().local.api.deleteEntry(entry.id);
    await must(
      core.handlers.updateEntry({ key: String(entry.id), time: '1:00', description: `${word} edited`, project: '' }),
    );
    await until(() => core.getSnapshot().outbox.failed.length === 1, 'the edit to fail');
    expect(core.getSnapshot().outbox.failed[0]).toMatchObject({
      summary: `Change 0:30: ${word} draft to 1:00: ${word} edited`,
      message: 'The entry was deleted elsewhere, so this change was not saved.',
    });
    await core.whenIdle();
    expect(await entriesOnService(word)).toEqual([]);
    // Shown as the service has it: gone.
    await must(core.handlers.refresh({}));
    await until(() => shown(core, word).length === 0, 'the entry to go');
  });

  it("a project archived elsewhere: the service's refusal is kept, to edit or discard", async () => {
    const word = unique('archived');
    const { api } = net().local;
    const project = await api.createProject({ name: unique('Archived') });
    const entry = await api.createEntry({
      date: today(),
      minutes: 15,
      description: `${word} work`,
      project_id: project.id,
    });
    const core = await newCore();
    await until(() => shown(core, word).length === 1, 'the entry read');
    await api.archiveProject(project.id);

    await must(
      core.handlers.updateEntry({
        key: String(entry.id),
        time: '0:45',
        description: `${word} more work`,
        project: project.name,
      }),
    );
    await until(() => core.getSnapshot().outbox.failed.length === 1, 'the edit to fail');
    const [failed] = core.getSnapshot().outbox.failed;
    expect(failed!.message).toMatch(/archived/);
    expect(failed!.editable.map((v) => v.field)).toEqual(['time', 'project', 'description']);
    // Failed changes did not happen: the entry shows as the service has it.
    expect(shown(core, word)).toMatchObject([{ minutes: 15, description: `${word} work` }]);
    await must(core.handlers.discardOperation({ id: failed!.id }));
    expect((await entriesOnService(word)).map((e) => [e.minutes, e.description])).toEqual([[15, `${word} work`]]);
  });
});

/**
 * An entry of `minutes` on a new project, sent once; its answer is taken as never come, so
 * `resend` (the entry amended) looks first for what that send may have made.
 */
async function sentOnce(prefix: string, minutes: number) {
  const { api, clock } = net().local;
  const word = unique(prefix);
  const project = await api.createProject({ name: unique('Website') });
  const id = `${prefix}-${process.pid}-${counter}`;
  const op: Operation = {
    kind: 'createEntry',
    id,
    seq: 1,
    at: clock.now(),
    date: today(),
    minutes,
    description: `${word} call`,
    projectId: project.id,
    projectName: project.name,
    marker: entryMarker(id),
  };
  const send = (sent: Operation, attempted: boolean) =>
    sendOperation(api, sent, { now: clock.now, attempted, timeFormat: 'hours_minutes' });
  await send(op, false);
  return { word, op, resend: (amended: Operation) => send(amended, true) };
}

describe('an entry edited while its creation may have landed', () => {
  it('moved to no project: the next send, finding what the earlier one made, takes its project away', async () => {
    const { word, op, resend } = await sentOnce('moved', 30);
    // Amended to no project; the first send's answer never came, so this one looks for it first.
    await resend({ ...op, projectId: null, projectName: null, description: `${word} note` });
    expect((await entriesOnService(word)).map((e) => [e.project, e.description])).toEqual([[null, `${word} note`]]);
  });

  it('down by less than an hour: the entry gets the fewer minutes', async () => {
    const { word, op, resend } = await sentOnce('shorter', 45);
    await resend({ ...op, minutes: 20 });
    // 20 minutes, rounded up to the project's 15.
    expect((await entriesOnService(word)).map((e) => e.minutes)).toEqual([30]);
  });
});

// editOperation in main: the user's new values are checked as the action that made the operation
// checked them (a time as quick entry reads it, a project by name), a refusal names its field and
// queues nothing, and an accepted edit sends the operation again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../common/dispatch';
import type { Handlers } from '../../../../common/contract';
import type { Snapshot } from '../../../../common/snapshot';
import type { Operation } from '../../../../main/core/model/operations';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { emptyServiceData, type ServiceData } from '../../../../main/core/sync/serviceData';
import { handlersOf, shownOnline } from '../support/calls';
import { must } from '../../../support/result';
import { tempDir } from '../../../support/tempDir';

const NOW = new Date(2025, 2, 10, 9, 0).getTime();

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
let h: Handlers;
let woken: string[];
const data: ServiceData = {
  ...emptyServiceData(),
  projects: [
    { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true },
    { id: 2, name: 'Backend', color: null, billingIncrement: 1, enabled: true },
    { id: 3, name: 'Old', color: null, billingIncrement: 15, enabled: false },
  ],
};
const view = (): Snapshot => shownOnline(data, outbox, '2025-03-10');

beforeEach(async () => {
  dir = tempDir();
  outbox = (await openOutbox(dir.path)).outbox;
  woken = [];
  h = handlersOf({
    outbox,
    now: () => NOW,
    snapshot: view,
    view: { changed: () => woken.push('shown') },
    worker: { wake: (urgent) => woken.push(urgent ? 'urgent' : 'woken') },
  });
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

/** Queues an operation the service then refused; answers its id. */
async function refused(op: Operation | (() => Promise<unknown>)): Promise<string> {
  if (typeof op === 'function') await op();
  else await outbox.add(op);
  const item = outbox.items().at(-1)!;
  await outbox.fail(item.op.id, 'The service refused it', true);
  woken = [];
  return item.op.id;
}

const refusedEntry = () => refused(() => must(h.quickEntry({ text: '1:30 @Website call with the client' })));
const opOf = (id: string) => outbox.items().find((i) => i.op.id === id)!;

describe('editOperation', () => {
  it('shows which fields each failed operation can edit, with their current values', async () => {
    await refusedEntry();
    await refused({
      kind: 'logTimer',
      projectId: 1,
      projectName: 'Website',
      seconds: 50 * 60 + 10,
      minutes: 60,
      date: '2025-03-10',
      description: null,
      id: 'log',
      seq: outbox.newSeq(),
      at: NOW,
    });
    await refused({ kind: 'createProject', localId: -9, name: 'Launch', id: 'create', seq: outbox.newSeq(), at: NOW });
    await refused({
      kind: 'pauseTimer',
      projectId: 1,
      projectName: 'Website',
      seconds: 60,
      id: 'pause',
      seq: outbox.newSeq(),
      at: NOW,
    });
    expect(view().outbox.failed.map((f) => f.editable)).toEqual([
      [
        { field: 'time', value: '1:30' },
        { field: 'date', value: '2025-03-10' },
        { field: 'project', value: 'Website' },
        { field: 'description', value: 'call with the client' },
      ],
      // The minutes the log sends (any started minute counts), not the rounded ones.
      [{ field: 'time', value: '0:51' }],
      [{ field: 'name', value: 'Launch' }],
      [],
    ]);
  });

  it('sends an edited entry again with the new values and the same marker', async () => {
    const id = await refusedEntry();
    const before = opOf(id).op;
    await must(
      h.editOperation({
        id,
        changes: { time: '45m', date: '2025-03-09', project: 'backend', description: '  the call  ' },
      }),
    );
    expect(opOf(id)).toMatchObject({
      status: 'pending',
      message: null,
      op: {
        kind: 'createEntry',
        minutes: 45,
        date: '2025-03-09',
        projectId: 2,
        projectName: 'Backend',
        description: 'the call',
        marker: (before as { marker: string }).marker,
      },
    });
    // Shown at once, and the worker woken urgently: a backoff does not hold the user's correction.
    expect(woken).toEqual(['shown', 'urgent']);
  });

  it('sends an unknown project by name for the service to create, and no project when left empty', async () => {
    const id = await refusedEntry();
    await must(h.editOperation({ id, changes: { project: 'Research' } }));
    expect(opOf(id).op).toMatchObject({ projectId: null, projectName: 'Research' });

    await outbox.fail(id, 'again', true);
    await must(h.editOperation({ id, changes: { project: ' ' } }));
    expect(opOf(id).op).toMatchObject({ projectId: null, projectName: null, minutes: 90 });
  });

  it('reads the date as quick entry reads a day: a date up to today, or a day word', async () => {
    const id = await refusedEntry();
    await must(h.editOperation({ id, changes: { date: 'yesterday' } }));
    expect(opOf(id).op).toMatchObject({ date: '2025-03-09' });
  });

  it('refuses a new project name longer than the service takes, at the project field, as quick entry does', async () => {
    const id = await refusedEntry();
    expect(await h.editOperation({ id, changes: { project: 'R'.repeat(300) } })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'A project name can be at most 255 characters; this one has 300.',
        field: 'project',
        words: { id: 'refusals.projectNameTooLong', values: { max: 255, count: 300 } },
      },
    });
    expect(opOf(id)).toMatchObject({ status: 'failed', op: { projectName: 'Website' } });
  });

  it('keeps an entry on its own project still waiting to be created, and sends a vanished one by name', async () => {
    const local = await refused({
      kind: 'createEntry',
      date: '2025-03-10',
      minutes: 30,
      description: '',
      projectId: -5,
      projectName: 'Launch',
      marker: 'm1',
      id: 'e1',
      seq: outbox.newSeq(),
      at: NOW,
    });
    await must(h.editOperation({ id: local, changes: { project: 'launch', time: '0:45' } }));
    expect(opOf(local).op).toMatchObject({ projectId: -5, projectName: 'Launch', minutes: 45 });

    const gone = await refused({
      kind: 'createEntry',
      date: '2025-03-10',
      minutes: 30,
      description: '',
      projectId: 99,
      projectName: 'Gone',
      marker: 'm2',
      id: 'e2',
      seq: outbox.newSeq(),
      at: NOW,
    });
    await must(h.editOperation({ id: gone, changes: { project: 'Gone' } }));
    expect(opOf(gone).op).toMatchObject({ projectId: null, projectName: 'Gone' });
  });

  it.each([
    [{ time: 'soon' }, 'time', '“soon” is not a time'],
    [{ time: '25h' }, 'time', 'at most 24 hours'],
    [{ time: '' }, 'time', 'Enter a time'],
    [{ date: '2025-02-30' }, 'date', 'There is no 30 Feb 2025: check the date.'],
    [{ date: '2025-03-11' }, 'date', 'Tue 11 Mar is in the future: time can be logged up to today.'],
    [{ date: '10.03.2025' }, 'date', '“10.03.2025” is not a day: write yesterday, a weekday like mon, or a date like'],
    [{ project: 'old' }, 'project', 'Old is archived.'],
    [{ name: 'Website' }, 'name', 'cannot be edited'],
  ])('refuses an entry’s %j at its field, and queues nothing', async (changes, field, message) => {
    const id = await refusedEntry();
    const before = opOf(id);
    const result = await h.editOperation({ id, changes });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', field } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(opOf(id)).toEqual(before);
    expect(woken).toEqual([]);
  });

  it('edits a logged timer’s minutes, rounded for the view as the service will round them', async () => {
    const id = await refused({
      kind: 'logTimer',
      projectId: 1,
      projectName: 'Website',
      seconds: 600,
      minutes: 15,
      date: '2025-03-10',
      description: null,
      id: 'log',
      seq: outbox.newSeq(),
      at: NOW,
    });
    await must(h.editOperation({ id, changes: { time: '50' } }));
    expect(opOf(id)).toMatchObject({ status: 'pending', op: { seconds: 3000, minutes: 60 } });
    await outbox.fail(id, 'again', true);
    expect(await h.editOperation({ id, changes: { date: '2025-03-09' } })).toMatchObject({
      ok: false,
      error: { field: 'date' },
    });
  });

  it('renames a project to be created, refusing an empty name or one already taken', async () => {
    const id = await refused({
      kind: 'createProject',
      localId: -9,
      name: 'Website',
      id: 'create',
      seq: outbox.newSeq(),
      at: NOW,
    });
    expect(await h.editOperation({ id, changes: { name: '  ' } })).toMatchObject({
      ok: false,
      error: { field: 'name', message: 'Enter a name for the project.' },
    });
    expect(await h.editOperation({ id, changes: { name: 'website' } })).toMatchObject({
      ok: false,
      error: { field: 'name', message: 'There is already a project named Website.' },
    });
    await must(h.editOperation({ id, changes: { name: ' Website   2 ' } }));
    expect(opOf(id)).toMatchObject({ status: 'pending', op: { name: 'Website 2', localId: -9 } });
  });

  it('offers timer starts, pauses and discards retry and discard only', async () => {
    const id = await refused({
      kind: 'pauseTimer',
      projectId: 1,
      projectName: 'Website',
      seconds: 60,
      id: 'pause',
      seq: outbox.newSeq(),
      at: NOW,
    });
    expect(await h.editOperation({ id, changes: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', field: 'id' },
    });
    expect(opOf(id).status).toBe('failed');
  });

  it('refuses an unknown operation or one that is not failed', async () => {
    await must(h.quickEntry({ text: '1:30 @Website' }));
    const pending = outbox.items().at(-1)!.op.id;
    for (const id of [pending, 'nope']) {
      expect(await h.editOperation({ id, changes: { time: '1:00' } })).toMatchObject({
        ok: false,
        error: { code: 'not_found', field: 'id' },
      });
    }
    expect(opOf(pending).op).toMatchObject({ minutes: 90 });
  });

  it('refuses, before any handler, a field no operation has or a request of the wrong shape', async () => {
    const id = await refusedEntry();
    expect(await dispatch(h, 'editOperation', { id, changes: { minutes: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(await dispatch(h, 'editOperation', { id, changes: { time: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'changes.time' },
    });
    expect(await dispatch(h, 'editOperation', { id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'changes' },
    });
    expect(opOf(id).status).toBe('failed');
  });
});

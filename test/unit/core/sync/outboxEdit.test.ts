// Editing a failed operation: the edit is a journal record like any other change, so it is on
// disk before the outbox shows it and comes back after a restart; it applies to failed items only.
import { appendFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../main/core/model/operations';
import { replay, type Outbox } from '../../../../main/core/sync/outbox';
import { useOutboxFolder } from '../support/outboxFolder';

const dir = useOutboxFolder();
const { reopen } = dir;

type Entry = Operation & { kind: 'createEntry' };

let n = 0;
function entry(outbox: Outbox): Entry {
  const id = `entry-${++n}`;
  return {
    kind: 'createEntry',
    date: '2025-03-10',
    minutes: 90,
    description: 'call',
    projectId: 7,
    projectName: 'Website',
    marker: `https://stint.invalid/op/${id}`,
    id,
    seq: outbox.newSeq(),
    at: 1000,
  };
}

/** An entry the service refused (refused: a 4xx) or whose fate is unknown (refused false). */
async function failedEntry(outbox: Outbox, refused: boolean): Promise<Entry> {
  const op = entry(outbox);
  await outbox.add(op);
  await outbox.attempt(op.id);
  await outbox.fail(op.id, 'Project "Website" is archived', refused);
  return op;
}

const lastRecord = () => JSON.parse(readFileSync(dir.journal(), 'utf8').trim().split('\n').at(-1)!);

describe('editing a failed operation', () => {
  it('writes the edit before showing it, queues it again, and brings it back after a restart', async () => {
    const { outbox } = await reopen();
    const op = await failedEntry(outbox, true);
    const edited: Entry = { ...op, minutes: 45, projectId: 8, projectName: 'Backend' };

    expect(await outbox.edit(edited)).toBe(true);
    expect(lastRecord()).toEqual({ t: 'edit', id: op.id, op: edited });
    expect(outbox.next()).toMatchObject({ op: edited, status: 'pending', message: null, attempted: false });
    await outbox.close();

    const again = (await reopen()).outbox;
    expect(again.items()).toHaveLength(1);
    expect(again.next()).toMatchObject({ op: edited, status: 'pending', message: null, attempted: false });
  });

  it('keeps an attempted item attempted, and its marker, so the next send looks for what the earlier one made', async () => {
    const { outbox } = await reopen();
    const op = await failedEntry(outbox, false);
    expect(await outbox.edit({ ...op, description: 'the call, fixed' })).toBe(true);
    await outbox.close();

    const item = (await reopen()).outbox.next()!;
    expect(item.attempted).toBe(true);
    expect(item.op).toMatchObject({ description: 'the call, fixed', marker: op.marker });
  });

  it('refuses an edit of a pending or unknown item, or one that changes what the operation is', async () => {
    const { outbox } = await reopen();
    const pending = entry(outbox);
    await outbox.add(pending);
    const failed = await failedEntry(outbox, true);
    const linesBefore = readFileSync(dir.journal(), 'utf8');

    expect(await outbox.edit({ ...pending, minutes: 1 })).toBe(false);
    expect(await outbox.edit({ ...failed, id: 'nope' })).toBe(false);
    expect(await outbox.edit({ ...failed, marker: 'https://stint.invalid/op/other' })).toBe(false);
    expect(await outbox.edit({ ...failed, seq: failed.seq + 100 })).toBe(false);
    expect(
      await outbox.edit({
        kind: 'pauseTimer',
        projectId: 7,
        projectName: 'Website',
        seconds: 1,
        id: failed.id,
        seq: failed.seq,
        at: 1,
      }),
    ).toBe(false);

    // Nothing written, nothing changed.
    expect(readFileSync(dir.journal(), 'utf8')).toBe(linesBefore);
    expect(outbox.items().map((i) => [i.op, i.status])).toEqual([
      [pending, 'pending'],
      [failed, 'failed'],
    ]);
  });

  it('keeps a project’s local id, which later operations name it by', async () => {
    const { outbox } = await reopen();
    const seq = outbox.newSeq();
    const create: Operation = { kind: 'createProject', localId: -seq, name: 'Launch', id: 'create', seq, at: 1 };
    await outbox.add(create);
    await outbox.fail(create.id, 'A project named "Launch" already exists', true);
    expect(await outbox.edit({ ...create, localId: -99 })).toBe(false);
    expect(await outbox.edit({ ...create, name: 'Launch 2' })).toBe(true);
    expect(outbox.next()?.op).toMatchObject({ name: 'Launch 2', localId: -seq });
  });

  it('replays an edit only onto a failed item', () => {
    const op: Operation = { kind: 'createProject', localId: -1, name: 'Launch', id: 'a', seq: 1, at: 1 };
    const edit = { t: 'edit', id: 'a', op: { ...op, name: 'Other' } };
    // An edit record of a pending item cannot come from the outbox; read back, it changes nothing.
    expect(replay([{ t: 'op', op }, edit]).items.get('a')).toMatchObject({ op, status: 'pending' });
    expect(
      replay([{ t: 'op', op }, { t: 'failed', id: 'a', message: 'dup', refused: true }, edit]).items.get('a'),
    ).toMatchObject({
      op: { name: 'Other' },
      status: 'pending',
      message: null,
    });
    expect(replay([edit]).items.size).toBe(0);
  });

  it('edits after a last line torn by a crash, and the edit reads back', async () => {
    const { outbox } = await reopen();
    const op = await failedEntry(outbox, true);
    await outbox.close();
    appendFileSync(dir.journal(), `{"t":"edit","id":"${op.id}","op":{"kind":"crea`);

    const { outbox: again, skipped } = await reopen();
    expect(skipped).toBe(1);
    // The torn edit did not happen: the item is still failed, and can be edited now.
    expect(again.items()[0]).toMatchObject({ status: 'failed', op });
    expect(await again.edit({ ...op, minutes: 30 })).toBe(true);
    await again.close();

    const third = await reopen();
    expect(third.skipped).toBe(0);
    expect(third.outbox.next()).toMatchObject({ status: 'pending', op: { ...op, minutes: 30 } });
  });

  it('keeps the edited values through a compaction', async () => {
    const { outbox } = await reopen();
    const op = await failedEntry(outbox, false);
    await outbox.edit({ ...op, date: '2025-03-09' });
    // Enough settled traffic to rewrite the journal.
    for (let i = 0; i < 260; i++) {
      const other = entry(outbox);
      await outbox.add(other);
      await outbox.settle(other.id);
    }
    await outbox.close();
    expect((await reopen()).outbox.items().map((i) => [i.op, i.status, i.attempted])).toEqual([
      [{ ...op, date: '2025-03-09' }, 'pending', true],
    ]);
  });
});

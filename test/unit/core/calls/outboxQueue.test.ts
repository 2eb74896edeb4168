// Where a call's change goes (main/core/calls/outboxQueue.ts): onto the outbox, on disk, before
// the window is shown it and the worker is woken to send it; a retry wakes the worker urgently,
// cutting a backoff short; an amendment wakes it whatever came of the write.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxQueue } from '../../../../main/core/calls/outboxQueue';
import { JOURNAL_FILE } from '../../../../main/core/sync/journal';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { tempDir } from '../../../support/tempDir';

const NOW = Date.UTC(2025, 2, 10, 12);
const GRACE = 5_000;

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
let seen: string[];
let queue: OutboxQueue;
const journal = () => readFileSync(`${dir.path}/${JOURNAL_FILE}`, 'utf8');

beforeEach(async () => {
  dir = tempDir();
  outbox = (await openOutbox(dir.path)).outbox;
  seen = [];
  queue = new OutboxQueue({
    outbox,
    // What is shown is what is on disk: the operation is in the journal by the time the view hears of it.
    view: { changed: () => seen.push(`shown ${outbox.items().length}, on disk ${journal().split('\n').length - 1}`) },
    worker: { wake: (urgent) => seen.push(urgent ? 'woken urgently' : 'woken') },
    undoGraceMs: GRACE,
  });
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

const note = (description: string) => () => ({
  kind: 'setTimerNote' as const,
  projectId: 1,
  projectName: 'Website',
  description,
});

describe('the outbox queue', () => {
  it('enqueue records the operation, then shows it, then wakes the worker', async () => {
    const id = await queue.enqueue(NOW, note('planning'));
    expect(outbox.items().map((i) => i.op)).toMatchObject([{ id, kind: 'setTimerNote', at: NOW }]);
    expect(seen).toEqual(['shown 1, on disk 1', 'woken']);
  });

  it('holds an undoable operation for the undo grace, and only that one', async () => {
    await queue.enqueue(NOW, note('held'), true);
    await queue.enqueue(NOW, note('not held'));
    expect(outbox.items().map((i) => i.op.notBefore)).toEqual([NOW + GRACE, undefined]);
  });

  it('enqueueAll records several in one write and wakes the worker once; none, nothing at all', async () => {
    expect(await queue.enqueueAll(NOW, [])).toEqual([]);
    expect(seen).toEqual([]);
    const ids = await queue.enqueueAll(NOW, [note('one'), note('two')]);
    expect(outbox.items().map((i) => i.op.id)).toEqual(ids);
    expect(seen).toEqual(['shown 2, on disk 1', 'woken']);
  });

  it('sendNow shows the change and wakes the worker urgently', () => {
    queue.sendNow();
    expect(seen).toEqual(['shown 0, on disk 0', 'woken urgently']);
  });

  it('amend wakes the worker even when the amendment is refused', async () => {
    const id = await queue.enqueue(NOW, note('planning'));
    seen = [];
    // A setTimerNote is no operation an amendment can change (Outbox.amend): refused, yet the worker was held meanwhile.
    const op = outbox.items()[0]!.op;
    expect(await queue.amend({ ...op, id })).toBe(false);
    expect(seen).toEqual(['shown 1, on disk 1', 'woken']);
  });
});

// The undo grace's own parts: the outbox withdraws an undone item for good (its journal says so
// after a restart) and never one the worker may have begun; next() skips an item being withdrawn;
// the snapshot's undo lines and hidden entries; an undo after the grace is refused.
import { describe, expect, it } from 'vitest';
import type { EntryView } from '../../../../common/snapshot';
import type { Operation } from '../../../../main/core/model/operations';
import type { Outbox, OutboxItem } from '../../../../main/core/sync/outbox';
import { entrySummary } from '../../../../main/core/model/entrySummary';
import { undoViews, withoutDeleted } from '../../../../main/core/views/undoLines';
import { undoOperation } from '../../../../main/core/calls/undo';
import { useOutboxFolder } from '../support/outboxFolder';
import { SENT } from '../../../../common/savedHere';

const dir = useOutboxFolder();

let n = 0;
const discard = (outbox: Outbox, notBefore?: number): Operation => ({
  kind: 'discardTimer',
  projectId: 7,
  projectName: 'Website',
  id: `op-${++n}`,
  seq: outbox.newSeq(),
  at: 1_000,
  ...(notBefore !== undefined ? { notBefore } : {}),
});
const item = (op: Operation, over: Partial<OutboxItem> = {}): OutboxItem => ({
  op,
  status: 'pending',
  attempted: false,
  message: null,
  awaiting: [],
  ...over,
});
const entry = (id: number | null, minutes = 30): EntryView => ({
  key: String(id),
  id,
  date: '2026-01-05',
  minutes,
  description: 'call',
  projectName: 'Website',
  status: SENT,
});

describe('undo', () => {
  it('withdraws an undone item for good, across a restart, and skips it in next() meanwhile', async () => {
    const { outbox } = await dir.reopen();
    const held = discard(outbox, 6_000);
    const after = discard(outbox);
    await outbox.add(held);
    await outbox.add(after);
    const withdrawn = outbox.withdraw(held.id);
    // Before the record is on disk the worker already looks past it.
    expect(outbox.next()?.op.id).toBe(after.id);
    expect(await withdrawn).toBe(true);
    await outbox.close();

    const again = (await dir.reopen()).outbox;
    expect(again.items().map((i) => i.op.id)).toEqual([after.id]);
    expect(await again.withdraw(held.id)).toBe(false);
  });

  it('keeps notBefore across a restart, and will not withdraw an attempted item', async () => {
    const { outbox } = await dir.reopen();
    const held = discard(outbox, 6_000);
    await outbox.add(held);
    await outbox.close();
    const again = (await dir.reopen()).outbox;
    expect(again.next()?.op.notBefore).toBe(6_000);
    await again.attempt(held.id);
    expect(await again.withdraw(held.id)).toBe(false);
    expect(await undoOperation(again, held.id, 2_000)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses an undo once the grace is over, and accepts one within it', async () => {
    const { outbox } = await dir.reopen();
    const held = discard(outbox, 6_000);
    await outbox.add(held);
    const late = await undoOperation(outbox, held.id, 6_000);
    expect(late).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'id' } });
    expect(!late.ok && late.error.message).toBe(
      "Too late to undo: “Discarded Website's timer” is being sent to the service.",
    );
    expect(await undoOperation(outbox, held.id, 5_999)).toEqual({ ok: true, value: null });
    expect(outbox.items()).toEqual([]);
  });

  it('lists pending, unsent items with a grace as undo lines, and hides the entries a delete removes', () => {
    const outbox = { newSeq: () => ++n } as Outbox;
    const held = discard(outbox, 6_000);
    const plain = discard(outbox);
    const del: Operation = {
      kind: 'deleteEntry',
      entryId: 5,
      summary: entrySummary(entry(5, 90)),
      id: 'del',
      seq: ++n,
      at: 1_000,
      notBefore: 7_000,
    };
    const items = [
      item(held),
      item(plain),
      item(del),
      item({ ...held, id: 'sent' }, { attempted: true }),
      item({ ...held, id: 'failed' }, { status: 'failed' }),
    ];
    expect(undoViews(items)).toEqual([
      { id: held.id, summary: "Discarded Website's timer", until: 6_000, restores: { timer: 'Website' } },
      { id: 'del', summary: 'Deleted 1:30 on Website: call', until: 7_000, restores: { entryKey: '5' } },
    ]);
    expect(withoutDeleted([entry(5), entry(6), entry(null)], items).map((e) => e.id)).toEqual([6, null]);
  });
});

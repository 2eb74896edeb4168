import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE } from '../../../../main/core/sync/journal';
import type { Operation } from '../../../../main/core/model/operations';
import type { Outbox } from '../../../../main/core/sync/outbox';
import { useOutboxFolder } from '../support/outboxFolder';

const dir = useOutboxFolder();
const { reopen } = dir;

const journalLines = () => readFileSync(dir.journal(), 'utf8').split('\n').filter(Boolean);

let n = 0;
function pause(outbox: Outbox, projectId = 7): Operation {
  return {
    kind: 'pauseTimer',
    projectId,
    projectName: 'Website',
    seconds: 60,
    id: `op-${++n}`,
    seq: outbox.newSeq(),
    at: 1000,
  };
}

/** The start of the timer of Acme, a project created offline: its id is the creation's local id. */
function startOnAcme(outbox: Outbox, localId: number): Operation {
  return {
    kind: 'startTimer',
    projectId: localId,
    projectName: 'Acme',
    fromSeconds: 0,
    pauses: null,
    id: 'start',
    seq: outbox.newSeq(),
    at: 2,
  };
}

/** One operation queued and the outbox closed; then `damage` does to the journal what a crash did. */
async function oneQueuedThen(damage: () => void): Promise<Operation> {
  const { outbox } = await reopen();
  const a = pause(outbox);
  await outbox.add(a);
  await outbox.close();
  damage();
  return a;
}

/** A record added after the reopen that read `first` back reads back too, after it, at the next reopen. */
async function expectLaterRecordReadBack(again: Outbox, first: Operation): Promise<void> {
  const b = pause(again);
  await again.add(b);
  await again.close();

  const third = await reopen();
  expect(third.skipped).toBe(0);
  expect(third.outbox.items().map((i) => i.op.id)).toEqual([first.id, b.id]);
}

describe('outbox', () => {
  it('brings back what was queued after a restart, in order', async () => {
    const { outbox } = await reopen();
    const a = pause(outbox, 1);
    const b = pause(outbox, 2);
    await outbox.add(a);
    await outbox.add(b);
    await outbox.close();

    const again = (await reopen()).outbox;
    expect(again.items().map((i) => [i.op.id, i.status])).toEqual([
      [a.id, 'pending'],
      [b.id, 'pending'],
    ]);
    expect(again.next()?.op).toEqual(a);
    // New operations keep counting after the ones on disk.
    expect(again.newSeq()).toBeGreaterThan(b.seq);
  });

  it('queues several operations with one record: all come back after a restart, in order', async () => {
    const { outbox } = await reopen();
    const before = journalLines().length;
    const ops = [pause(outbox, 1), pause(outbox, 2), pause(outbox, 3)];
    await outbox.addAll(ops);
    expect(outbox.items().map((i) => i.op.id)).toEqual(ops.map((o) => o.id));
    expect(journalLines().length).toBe(before + 1);
    await outbox.close();

    const again = (await reopen()).outbox;
    expect(again.items().map((i) => [i.op.id, i.status])).toEqual(ops.map((o) => [o.id, 'pending']));
  });

  it('a crash while several operations are written brings back none of them, never some', async () => {
    const { outbox } = await reopen();
    const kept = pause(outbox);
    await outbox.add(kept);
    await outbox.close();
    const ops = [pause(outbox, 1), pause(outbox, 2)];
    const line = JSON.stringify({ t: 'ops', ops });
    appendFileSync(dir.journal(), line.slice(0, Math.floor(line.length * 0.8)));

    const { outbox: again, skipped } = await reopen();
    expect(skipped).toBe(1);
    expect(again.items().map((i) => i.op.id)).toEqual([kept.id]);
  });

  it('skips a last line torn by a crash and rewrites the file so later records read back', async () => {
    const a = await oneQueuedThen(() => appendFileSync(dir.journal(), '{"t":"op","op":{"kind":"pause'));

    const { outbox: again, skipped } = await reopen();
    expect(skipped).toBe(1);
    expect(again.items().map((i) => i.op.id)).toEqual([a.id]);
    await expectLaterRecordReadBack(again, a);
  });

  it('keeps a last record whose newline a crash cut off, and the records after it', async () => {
    // The record made it to disk, its newline did not.
    const a = await oneQueuedThen(() => {
      const path = dir.journal();
      writeFileSync(path, readFileSync(path, 'utf8').replace(/\n$/, ''));
    });

    const { outbox: again, skipped } = await reopen();
    expect(skipped).toBe(0);
    expect(again.items().map((i) => i.op.id)).toEqual([a.id]);
    await expectLaterRecordReadBack(again, a);
  });

  it('forgets a settled operation on restart, and keeps it in view until its reads are back', async () => {
    const { outbox } = await reopen();
    const log: Operation = {
      kind: 'logTimer',
      projectId: 7,
      projectName: 'Website',
      seconds: 900,
      minutes: 15,
      date: '2025-03-10',
      description: null,
      id: 'log-1',
      seq: outbox.newSeq(),
      at: 1000,
    };
    await outbox.add(log);
    await outbox.attempt(log.id);
    await outbox.settle(log.id);
    expect(outbox.next()).toBeUndefined();
    expect(outbox.items()[0]).toMatchObject({ status: 'settled', awaiting: ['timers', 'entries'] });

    outbox.refreshed('timers');
    expect(outbox.items()[0]).toMatchObject({ status: 'settled', awaiting: ['entries'] });
    outbox.refreshed('entries');
    expect(outbox.items()).toEqual([]);
    await outbox.close();

    expect((await reopen()).outbox.items()).toEqual([]);
  });

  it('keeps a failed operation with the service’s message until the user retries or discards it', async () => {
    const { outbox } = await reopen();
    const a = pause(outbox, 1);
    const b = pause(outbox, 2);
    await outbox.add(a);
    await outbox.add(b);
    await outbox.fail(a.id, 'Not found: no timer', true);
    await outbox.fail(b.id, 'The service refused it', true);
    expect(outbox.next()).toBeUndefined();
    await outbox.close();

    const again = (await reopen()).outbox;
    expect(again.items().map((i) => [i.status, i.message])).toEqual([
      ['failed', 'Not found: no timer'],
      ['failed', 'The service refused it'],
    ]);
    expect(await again.retry(a.id)).toBe(true);
    expect(await again.discard(b.id)).toBe(true);
    expect(again.next()?.op.id).toBe(a.id);
    // Only failed operations can be retried or discarded.
    expect(await again.retry(a.id)).toBe(false);
    expect(await again.discard('nope')).toBe(false);
    await again.close();

    expect((await reopen()).outbox.items().map((i) => [i.op.id, i.status])).toEqual([[a.id, 'pending']]);
  });

  it('remembers that a send was begun, so the next one checks before repeating', async () => {
    const { outbox } = await reopen();
    const a = pause(outbox);
    await outbox.add(a);
    await outbox.attempt(a.id);
    await outbox.close();
    expect((await reopen()).outbox.next()).toMatchObject({ attempted: true });
  });

  it('after a refusal retries from scratch, but after any other failure still checks first', async () => {
    const { outbox } = await reopen();
    const a = pause(outbox, 1);
    const b = pause(outbox, 2);
    for (const op of [a, b]) {
      await outbox.add(op);
      await outbox.attempt(op.id);
    }
    await outbox.fail(a.id, 'A project named "Acme" already exists', true);
    await outbox.fail(b.id, 'The service answered something that is not JSON', false);
    await outbox.retry(a.id);
    await outbox.retry(b.id);
    expect(outbox.items().map((i) => [i.op.id, i.attempted])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
  });

  it('points later operations at the id the service gave a project created offline, across a restart', async () => {
    const { outbox } = await reopen();
    const seq = outbox.newSeq();
    const create: Operation = { kind: 'createProject', localId: -seq, name: 'Acme', id: 'create', seq, at: 1 };
    await outbox.add(create);
    const start = startOnAcme(outbox, -seq);
    await outbox.add(start);
    await outbox.settle(create.id, 42);
    expect(outbox.next()?.op).toMatchObject({ id: 'start', projectId: 42 });
    expect(outbox.projectId(-seq)).toBe(42);
    expect(outbox.projectId(5)).toBe(5);
    await outbox.close();

    expect((await reopen()).outbox.next()?.op).toMatchObject({ id: 'start', projectId: 42 });
  });

  it('points an operation at the service id even when it was decided just before the creation settled', async () => {
    const { outbox } = await reopen();
    const seq = outbox.newSeq();
    await outbox.add({ kind: 'createProject', localId: -seq, name: 'Acme', id: 'create', seq, at: 1 });
    // The user started the timer while the creation was on its way: the operation names -seq.
    const start = startOnAcme(outbox, -seq);
    await outbox.settle('create', 42);
    await outbox.add(start);
    expect(outbox.next()?.op).toMatchObject({ id: 'start', projectId: 42 });
    await outbox.close();

    expect((await reopen()).outbox.next()?.op).toMatchObject({ id: 'start', projectId: 42 });
  });

  it('compacts the journal as it grows, losing nothing still queued', async () => {
    const { outbox } = await reopen();
    const kept = pause(outbox, 99);
    await outbox.add(kept);
    for (let i = 0; i < 150; i++) {
      const op = pause(outbox, i + 1);
      await outbox.add(op);
      await outbox.settle(op.id);
    }
    expect(journalLines().length).toBeLessThan(100);
    expect(readdirSync(dir.path)).toEqual([JOURNAL_FILE]);
    await outbox.close();
    expect((await reopen()).outbox.items().map((i) => i.op.id)).toEqual([kept.id]);
  });
});

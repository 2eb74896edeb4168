// The sync ledger (issue 14): each state an operation goes through, recorded from the outbox's own
// changes, kept bounded, brought back after a restart, and never holding a secret.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../../common/result';
import { appActivityHandlers } from '../../../../main/core/accounts/activity';
import { activityExport } from '../../../../main/core/calls/activity';
import { LEDGER_FILE, LEDGER_SIZE, openLedger, type Ledger } from '../../../../main/core/sync/ledger';
import { ledgerOutbox } from '../../../../main/core/sync/ledgerOutbox';
import type { Operation } from '../../../../main/core/model/operations';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { waitingInJournal } from '../../../../main/core/sync/waiting';
import { fakeClock } from '../../../support/clock';
import { must } from '../../../support/result';
import { tempDir } from '../../../support/tempDir';

const clock = fakeClock(1_000_000);
let dir: ReturnType<typeof tempDir>;
let ledger: Ledger;
let outbox: Outbox;

async function open() {
  ledger = openLedger(dir.path);
  outbox = ledgerOutbox((await openOutbox(dir.path)).outbox, ledger, clock, () => ({
    timeFormat: 'hours_minutes',
    projects: [],
  }));
}
async function restart() {
  await outbox.close();
  await open();
}
beforeEach(async () => {
  dir = tempDir('stint-ledger-');
  await open();
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

let n = 0;
const entry = (minutes = 30): Extract<Operation, { kind: 'createEntry' }> => ({
  kind: 'createEntry',
  id: `op-${++n}`,
  seq: outbox.newSeq(),
  at: clock.now(),
  date: '2025-03-10',
  minutes,
  description: 'Standup',
  projectId: 4,
  projectName: 'Website',
  marker: `stint:op-${n}`,
});
const only = () => {
  const [first, ...rest] = ledger.entries();
  expect(rest).toEqual([]);
  return first!;
};

describe('the sync ledger', () => {
  it('follows an operation from waiting to sent to confirmed, with the service id and how long it took', async () => {
    const op = entry();
    await outbox.add(op);
    expect(only()).toMatchObject({
      id: op.id,
      what: 'Log 0:30 on Website: Standup',
      kind: 'createEntry',
      state: 'waiting',
    });
    clock.advance(2_000);
    await outbox.attempt(op.id);
    expect(only()).toMatchObject({ state: 'sent', sentAt: 1_002_000, settledAt: null, tookMs: null });
    clock.advance(500);
    await outbox.settle(op.id, undefined, 812);
    expect(only()).toMatchObject({
      state: 'confirmed',
      queuedAt: 1_000_000 + 0,
      sentAt: 1_002_000,
      settledAt: 1_002_500,
      tookMs: 2_500,
      serviceId: 812,
      message: null,
    });
  });

  it('a refusal keeps the service message; a retry makes it waiting again; a discard settles it', async () => {
    const op = entry();
    await outbox.add(op);
    await outbox.attempt(op.id);
    await outbox.fail(op.id, 'Minutes must be at most 1440.', true);
    expect(only()).toMatchObject({ state: 'refused', message: 'Minutes must be at most 1440.' });
    await outbox.retry(op.id);
    expect(only()).toMatchObject({ state: 'waiting', message: null });
    await outbox.fail(op.id, 'The service did not answer.', false);
    expect(only()).toMatchObject({ state: 'kept', message: 'The service did not answer.' });
    clock.advance(1_000);
    await outbox.discard(op.id);
    expect(only()).toMatchObject({ state: 'discarded', settledAt: clock.now(), tookMs: 1_000 });
  });

  it('an undo within the grace is discarded; an edit or amendment gives the new words', async () => {
    const undone = entry();
    await outbox.add(undone);
    await outbox.withdraw(undone.id);
    expect(only()).toMatchObject({ id: undone.id, state: 'discarded' });

    const amended = entry(30);
    await outbox.add(amended);
    await outbox.amend({ ...amended, minutes: 45 });
    expect(ledger.entries()[0]).toMatchObject({
      id: amended.id,
      state: 'waiting',
      what: 'Log 0:45 on Website: Standup',
    });
  });

  it('a send that settles after an amendment is not confirmed: the amended values go once more', async () => {
    const op = entry(30);
    await outbox.add(op);
    await outbox.attempt(op.id);
    expect(await outbox.amend({ ...op, minutes: 45 })).toBe(true);
    await outbox.settle(op.id, undefined, 9);
    expect(only()).toMatchObject({ state: 'sent', what: 'Log 0:45 on Website: Standup', settledAt: null });
    await outbox.settle(op.id, undefined, 9);
    expect(only()).toMatchObject({ state: 'confirmed', serviceId: 9 });
  });

  it('records nothing the outbox refused to do (a retry of an item that is not failed)', async () => {
    const op = entry();
    await outbox.add(op);
    await outbox.attempt(op.id);
    expect(await outbox.retry(op.id)).toBe(false);
    expect(only().state).toBe('sent');
  });

  it('survives a restart, although the journal drops what settled', async () => {
    const done = entry();
    const queued = entry();
    await outbox.addAll([done, queued]);
    await outbox.attempt(done.id);
    await outbox.settle(done.id, undefined, 5);
    await restart();
    expect(outbox.items().map((i) => i.op.id)).toEqual([queued.id]);
    expect(ledger.entries().map((e) => [e.id, e.state, e.serviceId])).toEqual([
      [queued.id, 'waiting', null],
      [done.id, 'confirmed', 5],
    ]);
  });

  it('keeps the last LEDGER_SIZE changes, in memory and on disk after a restart', async () => {
    const ops = Array.from({ length: LEDGER_SIZE + 20 }, () => entry());
    await outbox.addAll(ops);
    expect(ledger.entries()).toHaveLength(LEDGER_SIZE);
    expect(ledger.entries()[0]!.id).toBe(ops.at(-1)!.id);
    await restart();
    expect(ledger.entries()).toHaveLength(LEDGER_SIZE);
    expect(ledger.entries().at(-1)!.id).toBe(ops[20]!.id);
    await ledger.close();
    expect(readFileSync(join(dir.path, LEDGER_FILE), 'utf8').trim().split('\n')).toHaveLength(LEDGER_SIZE);
  });

  it('a torn or unreadable ledger never stops the outbox', async () => {
    await outbox.close();
    writeFileSync(
      join(dir.path, LEDGER_FILE),
      '{"t":"queued","id":"x","what":"Log","kind":"createEntry","at":1}\n{"t":"se',
    );
    await open();
    expect(ledger.entries().map((e) => e.id)).toEqual(['x']);
    const op = entry();
    await outbox.add(op);
    expect(outbox.items().map((i) => i.op.id)).toEqual([op.id]);
  });

  it('never keeps a secret a failure message quoted, in memory, on disk or in the export', async () => {
    const token = 'stk_live_9f8e7d6c5b4a3210';
    const op = entry();
    await outbox.add(op);
    await outbox.fail(
      op.id,
      `Request to https://time.example/v2/entries?access_token=${token} failed; Authorization: Bearer ${token}; token=${token}`,
      false,
    );
    await restart();
    await ledger.close();
    const exported = activityExport({ entries: ledger.entries(), waitingByAccount: [] }, clock.now()).json;
    expect(only().message).toContain('https://time.example/v2/entries');
    for (const text of [JSON.stringify(ledger.entries()), readFileSync(join(dir.path, LEDGER_FILE), 'utf8'), exported])
      expect(text).not.toContain(token);
  });

  it('counts what an account that is not open still has to send from its journal', async () => {
    const [a, b, c] = [entry(), entry(), entry()];
    await outbox.addAll([a, b, c]);
    await outbox.attempt(a.id);
    await outbox.settle(a.id);
    await outbox.fail(b.id, 'No.', true);
    expect(waitingInJournal(dir.path)).toBe(2);
    expect(waitingInJournal(join(dir.path, 'none'))).toBe(0);
  });
});

describe('the count still waiting per account', () => {
  it("takes the open account's count from its core and every other one's from its journal", async () => {
    const other = join(dir.path, 'accounts', 'acme');
    const acme = (await openOutbox(other)).outbox;
    const ops = [entry(), entry(), entry()];
    await acme.addAll(ops);
    await acme.attempt(ops[0]!.id);
    await acme.settle(ops[0]!.id);
    await acme.close();
    const open = {
      getActivity: async () =>
        ok({ entries: [], waitingByAccount: [{ accountId: 'local', label: 'This computer', waiting: 4 }] }),
    };
    const handlers = appActivityHandlers({
      dataDir: dir.path,
      accounts: () => [
        { id: 'local', label: 'This computer' },
        { id: 'acme', label: 'Acme' },
        { id: 'new', label: 'New' },
      ],
      open,
      now: clock.now,
    });
    expect((await must(handlers.getActivity({}))).waitingByAccount).toEqual([
      { accountId: 'local', label: 'This computer', waiting: 4 },
      { accountId: 'acme', label: 'Acme', waiting: 2 },
      { accountId: 'new', label: 'New', waiting: 0 },
    ]);
    expect(JSON.parse((await must(handlers.exportActivity({}))).json).waitingByAccount[1].waiting).toBe(2);
  });
});

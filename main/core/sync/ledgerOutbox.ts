// The outbox as core uses it, telling the ledger (ledger.ts) each change once the journal has it:
// every call goes to the outbox first, and only what it did is recorded, so the ledger never
// shows a change the journal refused, and the outbox never waits on the ledger. What each change
// is, in words, is written in the user's time format as it is when the change is made, an entry's minutes as
// the service will store them (after its project's increment).

import type { TimeFormat } from '../../../common/format';
import type { ProjectView } from '../../../common/snapshot';
import type { TimerClock as Clock } from '../../api/clock';
import type { Ledger } from './ledger';
import { describeOperation, type Operation } from '../model/operations';
import type { Outbox } from './outbox';

/** What the words of a change follow: the user's time format, and the projects' increments an entry is rounded to. */
export type WordsContext = () => { timeFormat: TimeFormat; projects: readonly ProjectView[] };

export function ledgerOutbox(outbox: Outbox, ledger: Ledger, clock: Clock, shown: WordsContext): Outbox {
  const now = () => clock.now();
  const what = (op: Operation) => {
    const { timeFormat, projects } = shown();
    return describeOperation(op, timeFormat, projects);
  };
  const queued = (op: Operation) => ledger.record({ t: 'queued', id: op.id, what: what(op), kind: op.kind, at: op.at });
  // A settle of an item amended meanwhile puts it back in the queue (outbox.ts recheck): not confirmed yet.
  const pendingIds = () => new Set(outbox.items().flatMap((i) => (i.status === 'pending' ? [i.op.id] : [])));
  const confirmed = (ids: readonly string[], serviceId?: number) => {
    const pending = pendingIds();
    for (const id of ids)
      if (!pending.has(id))
        ledger.record({ t: 'confirmed', id, at: now(), ...(serviceId !== undefined ? { serviceId } : {}) });
  };
  const when = async (done: Promise<boolean>, then: () => void) => {
    const did = await done;
    if (did) then();
    return did;
  };

  return {
    ...outbox,
    async add(op) {
      await outbox.add(op);
      queued(op);
    },
    async addAll(ops) {
      await outbox.addAll(ops);
      for (const op of ops) queued(op);
    },
    async attempt(id) {
      await outbox.attempt(id);
      ledger.record({ t: 'sent', id, at: now() });
    },
    async attemptBatch(batch, items) {
      await outbox.attemptBatch(batch, items);
      for (const { id } of items) ledger.record({ t: 'sent', id, at: now() });
    },
    async settle(id, projectId, entryId) {
      await outbox.settle(id, projectId, entryId);
      confirmed([id], projectId ?? entryId);
    },
    async settleMany(ids) {
      await outbox.settleMany(ids);
      confirmed(ids);
    },
    async fail(id, message, refused) {
      await outbox.fail(id, message, refused);
      ledger.record({ t: 'failed', id, at: now(), message, refused });
    },
    retry: (id) => when(outbox.retry(id), () => ledger.record({ t: 'waiting', id })),
    edit: (op) => when(outbox.edit(op), () => ledger.record({ t: 'waiting', id: op.id, what: what(op) })),
    amend: (op) => when(outbox.amend(op), () => ledger.record({ t: 'changed', id: op.id, what: what(op) })),
    discard: (id) => when(outbox.discard(id), () => ledger.record({ t: 'discarded', id, at: now() })),
    withdraw: (id) => when(outbox.withdraw(id), () => ledger.record({ t: 'discarded', id, at: now() })),
    async close() {
      await outbox.close();
      await ledger.close();
    },
  };
}

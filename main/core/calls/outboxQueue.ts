// Where a call's change goes: onto the outbox (on disk before the call answers), into the
// snapshot the window is sent, and to the worker, woken to send it. Every data-changing call
// queues through here, so none can write the outbox and forget to show it or wake the worker.

import { randomUUID } from 'node:crypto';
import type { Operation, OperationBody } from '../model/operations';
import type { Outbox } from '../sync/outbox';
import type { Worker } from '../sync/worker';
import type { WindowView } from './windowView';

export interface OutboxQueueParts {
  outbox: Outbox;
  view: Pick<WindowView, 'changed'>;
  /** The one worker of the core (sync/worker.ts). */
  worker: Pick<Worker, 'wake'>;
  /** How long a discard, log or delete waits for an undo (model/undoGrace.ts); 0 sends it at once. */
  undoGraceMs: number;
}

export class OutboxQueue {
  /** For what a call reads of the queue (items, a project's resolved id) and changes without a new operation (retry, discard). */
  readonly outbox: Outbox;
  private readonly parts: OutboxQueueParts;

  constructor(parts: OutboxQueueParts) {
    this.outbox = parts.outbox;
    this.parts = parts;
  }

  /**
   * Adds an operation to the outbox (held for the undo grace when undoable), shows it, and wakes
   * the worker to send it; answers its id. `make` is given the id and the outbox's next seq.
   */
  async enqueue(at: number, make: (id: string, seq: number) => OperationBody, undoable = false): Promise<string> {
    const { outbox, undoGraceMs } = this.parts;
    const id = randomUUID();
    const seq = outbox.newSeq();
    const notBefore = undoable && undoGraceMs > 0 ? { notBefore: at + undoGraceMs } : {};
    await outbox.add({ ...make(id, seq), id, seq, at, ...notBefore } as Operation);
    this.changed();
    return id;
  }

  /**
   * Adds several operations in order with one write to disk (after a crash all are there or
   * none), shows them and wakes the worker; answers their ids in order (an entry's key while it
   * is queued).
   */
  async enqueueAll(at: number, makes: ReadonlyArray<(id: string) => OperationBody>): Promise<string[]> {
    if (makes.length === 0) return [];
    const { outbox } = this.parts;
    const ops = makes.map((make) => {
      const id = randomUUID();
      return { ...make(id), id, seq: outbox.newSeq(), at } as Operation;
    });
    await outbox.addAll(ops);
    this.changed();
    return ops.map((op) => op.id);
  }

  /** Gives a queued operation the user's new values (Outbox.amend); answers whether it took them. */
  async amend(op: Operation): Promise<boolean> {
    try {
      return await this.parts.outbox.amend(op);
    } finally {
      // The worker took nothing while the amendment was written: wake it, whatever came of it.
      this.changed();
    }
  }

  /** The outbox changed (an operation queued, amended, undone or discarded): show it, and have the worker look. */
  changed(): void {
    this.parts.view.changed();
    this.parts.worker.wake(false);
  }

  /**
   * The user retried or corrected a failed operation: show it, and the worker sends at once,
   * cutting short a backoff that would otherwise make them wait.
   */
  sendNow(): void {
    this.parts.view.changed();
    this.parts.worker.wake(true);
  }
}

// Group commit for the SQLite store's one connection. With synchronous=FULL every COMMIT waits for
// the disk (an fsync of the WAL), and that wait, not the statements, bounds the writes a second:
// concurrent requests each paid one. So the store's write transactions are queued, and those that
// queue up while one batch runs run together in one SQLite transaction, each unit in a savepoint of
// its own, with one COMMIT for all:
// - a unit that fails rolls back to its savepoint: the others of its batch are kept;
// - a unit's caller gets its answer only once the shared COMMIT returned (the batch is on disk), so
//   nothing is acknowledged that a crash could still take away; a COMMIT that fails fails every
//   unit of the batch (none of them is stored);
// - units run one after another, in the order they came, each in its caller's async context (the
//   request's AsyncLocalStorage values: its Idempotency-Key, its signal);
// - a batch takes at most MAX_UNITS, so that a steady stream of writers cannot hold readers that
//   wait for it (in memory) or its first caller for long.
import { AsyncResource } from 'node:async_hooks';

/** The open SQLite transaction of a batch, as the queue drives it (sqliteStore.ts implements it). */
export interface BatchTransaction<L> {
  /** BEGIN; answers the level units run on. */
  begin(): L;
  commit(level: L): void;
  /** ROLLBACK, when the transaction is still open. */
  rollback(level: L): void;
  /** False once an error ended the whole transaction (disk full, I/O error): the units before it are gone too. */
  isOpen(): boolean;
  /** Called around each batch: while it is open nothing else may use the connection. */
  hold(): void;
  release(): void;
  /**
   * Whether waiting one turn of the event loop for more writers is worth it when the queue runs
   * dry: on a file (each COMMIT an fsync) while readers read elsewhere; not in memory.
   */
  readonly gathers: boolean;
}

const MAX_UNITS = 64;

/** One unit of work: run in a savepoint on the batch's level L. */
export type Unit<L, T> = (level: L) => Promise<{ result: T; afterCommit: Array<() => void> }>;

interface Pending<L> {
  run: Unit<L, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Done<L> {
  pending: Pending<L>;
  result: unknown;
  afterCommit: Array<() => void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class GroupCommit<L> {
  private readonly queue: Array<Pending<L>> = [];
  private draining = false;
  private closed: Error | undefined;

  constructor(private readonly tx: BatchTransaction<L>) {}

  /**
   * Runs a unit in the next batch: `unit` runs it in a savepoint on the batch's level, and answers
   * its result and what it asked to run after COMMIT. Settles once the batch committed (or the unit failed).
   */
  run<T>(unit: Unit<L, T>): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise<T>((resolve, reject) => {
      // Bound here, so that fn runs in its caller's async context, not the batch's first caller's.
      const run = AsyncResource.bind(unit);
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        void this.drain();
      }
    });
  }

  /** Refuses every unit not yet started (the store is closing). */
  close(error: Error): void {
    this.closed = error;
    for (const pending of this.queue.splice(0)) pending.reject(error);
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.batch();
        // What waited for this batch (reads in memory, exec) runs before the next batch begins.
        if (this.queue.length > 0) await nextTurn();
      }
    } finally {
      this.draining = false;
    }
  }

  private async batch(): Promise<void> {
    const done: Array<Done<L>> = [];
    this.tx.hold();
    try {
      let level: L;
      try {
        level = this.tx.begin();
      } catch (error) {
        for (const pending of this.queue.splice(0)) pending.reject(error);
        return;
      }
      try {
        level = await this.runUnits(level, done);
        this.tx.commit(level);
      } catch (error) {
        // The COMMIT failed: nothing of the batch is stored, and no unit may say otherwise.
        this.tx.rollback(level);
        for (const d of done.splice(0)) d.pending.reject(error);
      }
    } finally {
      this.tx.release();
    }
    for (const { pending, result, afterCommit } of done) {
      try {
        for (const fn of afterCommit) fn();
        pending.resolve(result);
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /** Runs queued units on the open transaction until the queue stays empty or the batch is full; answers the level the batch ends on. */
  private async runUnits(start: L, done: Array<Done<L>>): Promise<L> {
    let level = start;
    for (let taken = 0; taken < MAX_UNITS; taken++) {
      let pending = this.queue.shift();
      if (!pending && this.tx.gathers) {
        // Requests whose bytes have already arrived reach their transaction within a turn.
        await nextTurn();
        pending = this.queue.shift();
      }
      if (!pending) break;
      try {
        const { result, afterCommit } = await pending.run(level);
        done.push({ pending, result, afterCommit });
      } catch (error) {
        pending.reject(error);
        if (!this.tx.isOpen()) {
          // The error ended the whole transaction: the units before it were rolled back with it.
          for (const d of done.splice(0)) d.pending.reject(error);
          level = this.tx.begin();
        }
      }
    }
    return level;
  }
}

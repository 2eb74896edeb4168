// The one seam between the service and its database. Every query of the service goes through a
// Queryable: the Store outside a transaction, the transaction's handle inside one. Two stores
// implement it: SQLite (sqliteStore.ts, the embedded default) and PostgreSQL (for a team, many
// instances on one database). SQL is written with `?` placeholders and in the subset both read;
// what differs between them goes through the helpers of dialect.ts.
//
// Rules for callers (each store checks what it can):
// - Inside `transaction(fn)`, query only through the handle fn receives. SQLite serialises
//   transactions on its single connection, so a query on the store from inside a transaction
//   would wait for that transaction forever (the SQLite store throws instead); PostgreSQL would
//   run it on another connection, outside the transaction.
// - A transaction's handle is dead once its function settles.
// - Numbers: integer columns and COUNT/SUM come back as JS numbers on both stores; booleans
//   stored as integers are read through dialect.ts's `bool`.

export type Row = Record<string, unknown>;

/** What a query runs on: the store outside a transaction, the transaction's handle inside. SQL uses `?` placeholders. */
export interface Queryable {
  /** Every row, as objects keyed by column name. */
  all<T = Row>(text: string, ...params: unknown[]): Promise<T[]>;
  /** The first row, or undefined when there is none. */
  get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined>;
  /** Every row as an array of column values in the SELECT's order (the hot paths: cheaper to build). */
  arrays<T extends unknown[] = unknown[]>(text: string, ...params: unknown[]): Promise<T[]>;
  /** The first column's values. */
  column<T>(text: string, ...params: unknown[]): Promise<T[]>;
  /** A statement run for its effect; `changes` = rows inserted, updated or deleted. For new ids use `INSERT … RETURNING id` with get/all. */
  run(text: string, ...params: unknown[]): Promise<{ changes: number }>;
  /** A nested transaction (a savepoint) on the same connection; on the store, a new transaction. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the outermost transaction this handle belongs to has committed (at once on the
   * store itself): a wake of background work that must read what this transaction wrote. On
   * PostgreSQL work woken earlier reads from another connection and sees nothing yet. Dropped
   * when the transaction rolls back; one queued inside a savepoint that rolls back still runs,
   * so fn must be harmless when there is nothing new (a wake is).
   */
  afterCommit(fn: () => void): void;
  /** The store this runs on (the store itself outside a transaction): what per-store registries key on. */
  readonly store: Store;
  /** True on a transaction's handle (results may yet be rolled back: do not cache them). */
  readonly inTransaction: boolean;
  readonly dialect: 'sqlite' | 'postgres';
}

export interface TransactionOptions {
  /**
   * Narrow locks (storage/narrowLocks.ts: one user's timers, say), taken with BEGIN in this
   * order, in the same round trip: PostgreSQL's pg_advisory_xact_lock(namespace, key); SQLite's
   * transactions are serialised anyway. There is no account-wide lock (issue 29): every write
   * holds its invariants with unique indexes, row locks and these.
   */
  locks?: ReadonlyArray<readonly [namespace: number, key: number]>;
}

export interface Store extends Queryable {
  /** A write transaction: every write of fn commits together or not at all; a throw rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * PostgreSQL: a connection of its own, outside the pool, for health checks and metrics, so they
   * answer while every pooled connection is taken (SQLite has one connection: absent).
   */
  readonly monitor?: Queryable;
  /** Closes the connection(s); a transaction still open is rolled back. */
  close(): Promise<void>;
  /**
   * PostgreSQL only (SQLite has one process, which wakes itself): calls onNotify for every
   * `NOTIFY channel` sent by any instance on the database, this one included, once the notifying
   * transaction has committed. Answers the stop. While the listening connection is down (it
   * reconnects) notifications are lost: callers keep a poll beside it.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

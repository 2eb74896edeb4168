// A second connection to the service's database file, for tests that read or change that file
// behind the service's back, as another process would (the running service keeps its own
// connection). It uses the service's driver, Node's built-in node:sqlite; asDb hands such a
// connection to service functions that take the service's `Db`.
//
// node:sqlite has foreign keys on by default; pragmas are set with db.exec('PRAGMA ...') and read
// with value(db, 'PRAGMA ...').
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Connection } from '../../service/storage/driver';
import { SqliteStore } from '../../service/storage/sqliteStore';
import type { Store } from '../../service/storage/store';

/**
 * Opens the database file, for reading it (WAL readers never wait for the service) or for
 * writing it while no service runs on it. A write beside a running service goes through
 * writeBeside: the 5 s busy timeout here waits synchronously (see writeBeside).
 */
export function openDatabaseFile(path: string, options: { readonly?: boolean } = {}): DatabaseSync {
  return new DatabaseSync(path, { readOnly: options.readonly ?? false, timeout: 5000 });
}

/**
 * Runs `attempt` until the write lock is not in its way: an attempt refused with "database is
 * locked" is made again after a turn of the event loop (which lets an in-process service finish
 * the batch holding the lock), for up to `withinMs`.
 */
async function whenUnlocked<T>(attempt: () => T | Promise<T>, withinMs: number): Promise<T> {
  for (const end = Date.now() + withinMs; ; ) {
    try {
      return await attempt();
    } catch (error) {
      if (!/database is locked/.test(String(error)) || Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Runs `write` in one transaction on a second connection to the file of a service that runs in
 * this very process. node:sqlite's busy timeout waits synchronously, so a write that met the
 * service's open batch (its group commit holds the write lock across turns of the event loop)
 * would block the one event loop that batch needs to finish, and fail after 5 s with "database
 * is locked". So the write lock is asked for without waiting (BEGIN IMMEDIATE), and asked again
 * after a turn of the loop until the service lets go of it; then every statement of `write` runs
 * without meeting a lock.
 */
export async function writeBeside<T>(path: string, write: (db: DatabaseSync) => T): Promise<T> {
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    await whenUnlocked(() => db.exec('BEGIN IMMEDIATE'), 30_000);
    try {
      const result = write(db);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.close();
  }
}

type Params = [Record<string, SQLInputValue>, ...SQLInputValue[]] | SQLInputValue[];

function firstColumn(db: DatabaseSync, text: string) {
  const statement = db.prepare(text);
  statement.setReturnArrays(true);
  return statement;
}

/** The first column of every row. */
export function values<T = unknown>(db: DatabaseSync, text: string, ...params: Params): T[] {
  const rows = firstColumn(db, text).all(...(params as SQLInputValue[])) as unknown as unknown[][];
  return rows.map((row) => row[0] as T);
}

/** The first column of the first row, or undefined when there is no row. */
export function value<T = unknown>(db: DatabaseSync, text: string, ...params: Params): T | undefined {
  const row = firstColumn(db, text).get(...(params as SQLInputValue[])) as unknown as unknown[] | undefined;
  return row === undefined ? undefined : (row[0] as T);
}

/**
 * The connection as a store, for service functions (their store is the service's own; this one
 * is a second connection to the same file, as another process would hold). Only the types
 * differ: Node's say a run's `changes` may be a bigint (it is one only with readBigInts, which is
 * off); service/storage/driver.ts casts the same way.
 */
export function asDb(db: DatabaseSync): SqliteStore {
  // The service under test usually runs in this very process. node:sqlite's busy timeout waits
  // synchronously, so a write here while the service's batch holds the write lock would block the
  // one event loop the service needs to finish that batch, and fail after 5 s ("database is
  // locked"). So this connection does not wait inside SQLite: a transaction the lock refuses is
  // tried again after a turn of the event loop, as another process's busy wait would let it.
  db.exec('PRAGMA busy_timeout = 0');
  const store = new SqliteStore(db as unknown as Connection, undefined);
  const once = store.transaction.bind(store);
  store.transaction = (fn, options) => whenUnlocked(() => once(fn, options), 10_000);
  return store;
}

/** The connection under a SQLite store (the service's own), for tests that read it directly while the service is idle. */
export const connectionOf = (store: Store): DatabaseSync =>
  (store as SqliteStore).connection as unknown as DatabaseSync;

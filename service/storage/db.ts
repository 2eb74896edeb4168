// Opens the service's SQLite database (a file in dataDir, or memory when there is none) and
// offers the few ways the rest of the service talks to it: cached statements, rows as objects or
// arrays, a column's values, transactions and pragmas. No other folder touches the driver.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSqlite, type Connection, type SqliteDriver } from './driver';
import { migrate } from './migrations';
import { makePrivateDir, makePrivateFile } from './privateFiles';

export type Db = Connection;
export type Row = Record<string, unknown>;

/** A prepared statement; rows come back as `unknown`, to be shaped by the caller's type. */
export interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** Where the database lives, for the set-up done on each open. */
const files = new WeakMap<Db, string>();

export function openDatabase(dataDir?: string, driver: SqliteDriver = nodeSqlite): Db {
  let db: Db;
  if (dataDir) {
    // Only this user may read it: the folder 0700, the file 0600 before SQLite first opens it
    // (SQLite gives the WAL and shared-memory files the database file's mode).
    makePrivateDir(dataDir);
    const file = join(dataDir, 'service.db');
    makePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) makePrivateFile(companion);
    db = driver.open(file);
    files.set(db, file);
    // WAL lets readers proceed during a write and survives a crash mid-transaction. FULL syncs
    // the WAL at every commit, so an acknowledged write survives a power cut or an OS crash too
    // (NORMAL, a common driver default in WAL mode, may lose the last commits there).
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
  } else {
    db = driver.open(':memory:');
  }
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** True for a database that lives only in memory (no file to compact or checkpoint). */
export const inMemory = (db: Db): boolean => !files.has(db);

// Statements are compiled once per SQL text: most requests reuse the same few queries. Statements
// answering arrays are kept apart, so a statement's mode is set once and never switched.
const objectStatements = new WeakMap<Db, Map<string, Statement>>();
const arrayStatements = new WeakMap<Db, Map<string, Statement>>();

function cached(caches: WeakMap<Db, Map<string, Statement>>, db: Db, text: string, arrays: boolean): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) {
    const prepared = db.prepare(text);
    if (arrays) prepared.setReturnArrays(true);
    statement = prepared;
    cache.set(text, statement);
  }
  return statement;
}

/** A cached statement answering rows as objects keyed by column name. */
export function sql(db: Db, text: string): Statement {
  return cached(objectStatements, db, text, false);
}

/** A cached statement answering rows as arrays of column values, in the SELECT's order. */
export function arrays(db: Db, text: string): Statement {
  return cached(arrayStatements, db, text, true);
}

/** The first column's values of a cached SELECT. */
export function column<T>(db: Db, text: string): { all(...params: unknown[]): T[] } {
  const statement = arrays(db, text);
  return { all: (...params) => (statement.all(...params) as unknown[][]).map((row) => row[0] as T) };
}

export interface Query<T> {
  all(...params: unknown[]): T[];
  get(...params: unknown[]): T | undefined;
}

const queries = new WeakMap<Db, Map<string, Query<unknown>>>();

/**
 * A cached SELECT answering plain objects, for the hot paths. Drivers build row objects property
 * by property in native code; reading arrays and shaping them with a mapper compiled for the
 * statement's columns costs less per row.
 */
export function rows<T>(db: Db, text: string): Query<T> {
  let cache = queries.get(db);
  if (!cache) queries.set(db, (cache = new Map()));
  let query = cache.get(text) as Query<T> | undefined;
  if (!query) {
    const prepared = db.prepare(text);
    const columns = prepared.columns().map((c) => c.name);
    prepared.setReturnArrays(true);
    // Column names come from the SQL text written in this code base, never from input.
    const shape = new Function(
      'r',
      `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`,
    ) as (r: unknown[]) => T;
    query = {
      all: (...params) => (prepared.all(...params) as unknown[][]).map(shape),
      get: (...params) => {
        const row = prepared.get(...params) as unknown[] | undefined;
        return row === undefined ? undefined : shape(row);
      },
    };
    cache.set(text, query as Query<unknown>);
  }
  return query;
}

/**
 * Runs fn in one transaction: every write of a request commits together or not at all. Inside
 * another transaction it is a savepoint, so an inner failure undoes only the inner writes.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  const nested = db.isTransaction;
  sql(db, nested ? 'SAVEPOINT nested' : 'BEGIN').run();
  try {
    const result = fn();
    if (result instanceof Promise)
      throw new TypeError('A transaction cannot wait: its function must not return a promise');
    sql(db, nested ? 'RELEASE nested' : 'COMMIT').run();
    return result;
  } catch (error) {
    // A failed COMMIT may have ended the transaction already.
    if (db.isTransaction) {
      if (nested) {
        sql(db, 'ROLLBACK TO nested').run();
        sql(db, 'RELEASE nested').run();
      } else sql(db, 'ROLLBACK').run();
    }
    throw error;
  }
}

/** A pragma's value (user_version, page_size...). */
export function pragma(db: Db, name: string): unknown {
  const statement = db.prepare(`PRAGMA ${name}`);
  statement.setReturnArrays(true);
  return (statement.get() as unknown[] | undefined)?.[0];
}

// SQLite's extended result code for a foreign key constraint (SQLITE_CONSTRAINT | 3 << 8).
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;

/** True when a write failed because a row is still referenced (or references nothing). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { errcode?: number; code?: string } | null;
  return e?.errcode === SQLITE_CONSTRAINT_FOREIGNKEY || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

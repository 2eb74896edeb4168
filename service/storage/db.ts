// Opens the service's SQLite database: a file in dataDir, or memory when there is none.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './migrations';

export type Db = Database.Database;
export type Row = Record<string, unknown>;

export function openDatabase(dataDir?: string): Db {
  let db: Db;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, 'service.db'));
    // WAL lets readers proceed during a write and survives a crash mid-transaction.
    db.pragma('journal_mode = WAL');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

// Statements are compiled once per SQL text: most requests reuse the same few queries.
const caches = new WeakMap<Db, Map<string, Database.Statement>>();

export function sql(db: Db, text: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) {
    statement = db.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

export interface Query<T> {
  all(...params: unknown[]): T[];
  get(...params: unknown[]): T | undefined;
}

const queries = new WeakMap<Db, Map<string, Query<unknown>>>();

/**
 * A cached SELECT answering plain objects, for the hot paths. better-sqlite3 builds row objects
 * property by property in C++; reading raw arrays and shaping them with a mapper compiled for
 * the statement's columns costs about half as much per row.
 */
export function rows<T>(db: Db, text: string): Query<T> {
  let cache = queries.get(db);
  if (!cache) queries.set(db, (cache = new Map()));
  let query = cache.get(text) as Query<T> | undefined;
  if (!query) {
    const statement = db.prepare(text);
    const columns = statement.columns().map((c) => c.name);
    statement.raw(true);
    // Column names come from the SQL text written in this code base, never from input.
    const shape = new Function('r', `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => T;
    query = {
      all: (...params) => (statement.all(...params) as unknown[][]).map(shape),
      get: (...params) => {
        const row = statement.get(...params) as unknown[] | undefined;
        return row === undefined ? undefined : shape(row);
      },
    };
    cache.set(text, query as Query<unknown>);
  }
  return query;
}

/** Runs fn in one transaction: every write of a request commits together or not at all. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

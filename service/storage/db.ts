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

/** Runs fn in one transaction: every write of a request commits together or not at all. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

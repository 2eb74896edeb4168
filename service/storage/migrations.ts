// Numbered schema migrations on SQLite, rendered from the one description of every migration
// (schemaHistory.ts). The database's PRAGMA user_version is the number of migrations applied; each
// one runs in its own transaction with the version bump, so a failure leaves the file at the
// previous version instead of half-migrated.
import type { Connection } from './driver';
import { type HistoryEntry, schemaHistory } from './schemaHistory';
import { renderSqlite } from './schemaRender';

export type Migration = ((db: Connection) => void) & {
  /**
   * Runs with foreign keys off (a table rebuild: dropping a table with them on would delete its
   * rows first and fire ON DELETE CASCADE). The pragma is a no-op inside a transaction, so
   * migrate() switches it before BEGIN, and refuses to commit if the migration broke a reference.
   */
  readonly withoutForeignKeys?: boolean;
};

/** Migration `version` as SQLite runs it: its rendered texts, each one exec() as shipped. */
export function sqliteMigration(entry: HistoryEntry, version: number): Migration {
  if (!('blocks' in entry)) return entry.sqlite;
  const texts = renderSqlite(entry, version);
  return (db) => {
    for (const text of texts) db.exec(text);
  };
}

export const migrations: Migration[] = schemaHistory.map((entry, i) => sqliteMigration(entry, i + 1));

/** Brings the database to the latest schema; refuses a file written by a newer service. */
export function migrate(db: Connection, list: Migration[] = migrations): { from: number; to: number } {
  const from = schemaVersion(db);
  if (from > list.length) {
    throw new Error(
      `service.db has schema version ${from}, newer than this service knows (${list.length}); refusing to touch it`,
    );
  }
  for (let version = from; version < list.length; version++) runMigration(db, list[version]!, version + 1);
  return { from, to: list.length };
}

/** One migration and its version bump in one transaction, with foreign keys off if it asks. */
function runMigration(db: Connection, migration: Migration, version: number): void {
  const switchForeignKeys = migration.withoutForeignKeys === true && pragmaValue(db, 'foreign_keys') === 1;
  if (switchForeignKeys) db.exec('PRAGMA foreign_keys = OFF');
  try {
    db.exec('BEGIN');
    try {
      const before = migration.withoutForeignKeys ? foreignKeyViolations(db) : [];
      migration(db);
      if (migration.withoutForeignKeys) {
        const broken = foreignKeyViolations(db).filter((v) => !before.includes(v));
        if (broken.length) throw new Error(`migration ${version} broke references: ${broken.join('; ')}`);
      }
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (switchForeignKeys) db.exec('PRAGMA foreign_keys = ON');
  }
}

/** PRAGMA foreign_key_check's rows (table, rowid, parent), as text: what references nothing. */
function foreignKeyViolations(db: Connection): string[] {
  const rows = db.prepare('PRAGMA foreign_key_check').all() as Array<Record<string, unknown>>;
  return rows.map((r) => `${r.table} row ${r.rowid} -> ${r.parent}`);
}

/** The number of migrations the database has run (PRAGMA user_version). */
export function schemaVersion(db: Connection): number {
  return pragmaValue(db, 'user_version');
}

function pragmaValue(db: Connection, name: string): number {
  const statement = db.prepare(`PRAGMA ${name}`);
  statement.setReturnArrays(true);
  return Number((statement.get() as unknown[])[0]);
}

// The migration that makes every `id INTEGER PRIMARY KEY` AUTOINCREMENT (service/storage/
// neverReuseIds.ts) rebuilds tables with foreign keys off. On a file of the version before it,
// with rows in every table, it must keep every row, column, reference, index and check, leave
// foreign keys on and working (cascades, SET NULL, refusals), and count ids on from the largest.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { nodeSqlite, type Connection } from '../../../service/storage/driver';
import { migrate, migrations, schemaVersion, type Migration } from '../../../service/storage/migrations';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { neverReuseIds } from '../../../service/storage/neverReuseIds';
import { FILLED_VERSION, fillEveryTable } from '../../support/filledDatabase';
import { value, values } from '../../support/sqliteFile';

const tempDir = () => mkdtempSync(join(tmpdir(), 'stint-ids-'));

type Db = DatabaseSync;

const tablesOf = (db: Db) =>
  values<string>(db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`);

/** A table's CREATE TABLE text, its name unquoted and without AUTOINCREMENT: what else it declares. */
const declaration = (db: Db, table: string) =>
  value<string>(db, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, table)!
    .replace(/^CREATE TABLE "?(\w+)"?/, 'CREATE TABLE $1')
    .replace(/ AUTOINCREMENT/g, '');

interface TableSnapshot {
  declaration: string;
  columns: unknown[];
  foreignKeys: unknown[];
  rows: unknown[];
}

function snapshot(db: Db, tables: string[]) {
  const shape: Record<string, TableSnapshot> = {};
  for (const table of tables) {
    const columns = db.prepare('SELECT * FROM pragma_table_xinfo(?) ORDER BY cid').all(table) as Array<{
      name: string;
    }>;
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    shape[table] = {
      declaration: declaration(db, table),
      columns,
      foreignKeys: db.prepare('SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq').all(table),
      rows: db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${columns.map((_, i) => i + 1).join(', ')}`).all(),
    };
  }
  // The indexes of these tables only: a migration after neverReuseIds adds tables of its own.
  const indexes = (
    db
      .prepare(
        `SELECT name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all() as Array<{ tbl_name: string }>
  ).filter((index) => tables.includes(index.tbl_name));
  return { tables: shape, indexes };
}

/** A version-10 file with rows in every table, opened as the service opens it (WAL, foreign keys on): migrated. */
function migratedFile(): { before: ReturnType<typeof snapshot>; db: Db; close: () => void } {
  const dataDir = tempDir();
  const old = nodeSqlite.open(join(dataDir, 'service.db'));
  fillEveryTable(old);
  // The migrations between the fixture's version and this one (tables and columns added), so that
  // `before` is the file just as neverReuseIds finds it.
  migrate(old, migrations.slice(0, migrations.indexOf(neverReuseIds)));
  const before = snapshot(old as unknown as Db, tablesOf(old as unknown as Db));
  old.close();
  const store = openSqliteStore(dataDir);
  return { before, db: store.connection as unknown as Db, close: () => store.connection.close() };
}

const idTables = (db: Db) =>
  tablesOf(db).filter((t) =>
    values<string>(db, `SELECT name FROM pragma_table_info(?) WHERE pk = 1 AND type = 'INTEGER'`, t).includes('id'),
  );

describe('migrating a version-10 file to ids that are never reused', () => {
  it('fills every table of version 10 (the fixture the other tests rely on)', () => {
    const db = nodeSqlite.open(':memory:') as unknown as Db;
    fillEveryTable(db as unknown as Connection);
    expect(schemaVersion(db as unknown as Connection)).toBe(FILLED_VERSION);
    const empty = tablesOf(db).filter((t) => value<number>(db, `SELECT COUNT(*) FROM "${t}"`) === 0);
    expect(empty).toEqual([]);
    expect(tablesOf(db).length).toBeGreaterThan(25);
  });

  it('keeps every row, column, reference, index and check, and leaves foreign keys on', () => {
    const { before, db, close } = migratedFile();
    try {
      expect(value(db, 'PRAGMA user_version')).toBe(migrations.length);
      const after = snapshot(db, Object.keys(before.tables));
      expect(after).toEqual(before);
      expect(values(db, 'PRAGMA integrity_check')).toEqual(['ok']);
      expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      expect(value(db, 'PRAGMA foreign_keys')).toBe(1);
    } finally {
      close();
    }
  });

  it('makes every id AUTOINCREMENT, counting on from the largest id the table holds', () => {
    const { db, close } = migratedFile();
    try {
      const tables = idTables(db);
      expect(tables).toContain('entries');
      expect(tables.length).toBeGreaterThan(20);
      for (const table of tables) {
        expect(value<string>(db, `SELECT sql FROM sqlite_master WHERE name = ?`, table), table).toMatch(
          /\bid INTEGER PRIMARY KEY AUTOINCREMENT\b/,
        );
        const largest = value<number>(db, `SELECT MAX(id) FROM "${table}"`);
        expect(value(db, 'SELECT seq FROM sqlite_sequence WHERE name = ?', table), table).toBe(largest);
      }
      // The newest entry (12) deleted: the next one is 13, and after deleting 13, 14.
      const add = () =>
        Number(
          db
            .prepare(
              `INSERT INTO entries (account_id, user_id, project_id, date, minutes, created_at, updated_at) VALUES (1, 1, 2, '2024-03-05', 5, 'x', 'x')`,
            )
            .run().lastInsertRowid,
        );
      db.exec('DELETE FROM entry_tags WHERE entry_id = 12; DELETE FROM entries WHERE id = 12');
      expect(add()).toBe(13);
      db.exec('DELETE FROM entries WHERE id = 13');
      expect(add()).toBe(14);
    } finally {
      close();
    }
  });

  it('keeps ON DELETE CASCADE and SET NULL working, and refuses what a reference forbids', () => {
    const { db, close } = migratedFile();
    const count = (text: string) => value<number>(db, `SELECT COUNT(*) FROM ${text}`);
    try {
      // Refused: entry 9 still uses project 7, merge 2 still names tag 5, entries point at users.
      expect(() => db.exec('DELETE FROM projects WHERE id = 7')).toThrow(/FOREIGN KEY/);
      expect(() => db.exec('DELETE FROM tags WHERE id = 5')).toThrow(/FOREIGN KEY/);
      expect(() => db.exec(`UPDATE entries SET project_id = 999 WHERE id = 9`)).toThrow(/FOREIGN KEY/);

      db.exec('DELETE FROM entries WHERE id = 9');
      expect(count('entry_tags WHERE entry_id = 9')).toBe(0);
      expect(count('entry_tags')).toBe(2);

      db.exec('DELETE FROM projects WHERE id = 7');
      expect(count('timers WHERE id = 8')).toBe(0);
      expect(count('timer_tags WHERE timer_id = 8')).toBe(0);
      expect(count('project_access WHERE project_id = 7')).toBe(0);

      db.exec('DELETE FROM oauth_authorization_codes WHERE id = 6');
      expect(values(db, 'SELECT authorization_code_id FROM oauth_access_tokens')).toEqual([null]);
      expect(values(db, 'SELECT authorization_code_id FROM oauth_refresh_tokens')).toEqual([null]);
      db.exec('DELETE FROM oauth_access_tokens WHERE id = 3');
      expect(values(db, 'SELECT access_token_id FROM oauth_refresh_tokens')).toEqual([null]);

      db.exec('DELETE FROM webhooks WHERE id = 2');
      expect(count('webhook_deliveries')).toBe(0);
      db.exec('DELETE FROM broadcast_receivers WHERE id = 4');
      expect(count('broadcast_outbox')).toBe(0);
      db.exec('DELETE FROM teams WHERE id = 3');
      expect(count('team_users')).toBe(0);
      db.exec('DELETE FROM invoice_custom_rates; DELETE FROM oauth_refresh_tokens; DELETE FROM users WHERE id = 4');
      expect(count('personal_tokens WHERE user_id = 4')).toBe(0);
      expect(count('user_passwords')).toBe(0);
      expect(count('project_access')).toBe(0);
    } finally {
      close();
    }
  });
});

describe('migrate() with a migration that needs foreign keys off', () => {
  const schema: Migration = (db) =>
    db.exec(`
      CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parents(id) ON DELETE CASCADE);
      INSERT INTO parents (id) VALUES (1);
      INSERT INTO children (id, parent_id) VALUES (1, 1), (2, 1);
    `);

  it('runs it with foreign keys off, so dropping a parent table does not cascade, and turns them on again', () => {
    const db = nodeSqlite.open(':memory:');
    const rebuild: Migration = Object.assign(
      (d: Connection) =>
        d.exec(`
          CREATE TABLE parents_new (id INTEGER PRIMARY KEY AUTOINCREMENT);
          INSERT INTO parents_new (id) SELECT id FROM parents;
          DROP TABLE parents;
          ALTER TABLE parents_new RENAME TO parents;
        `),
      { withoutForeignKeys: true },
    );
    expect(migrate(db, [schema, rebuild])).toEqual({ from: 0, to: 2 });
    const d = db as unknown as Db;
    expect(values(d, 'SELECT id FROM children ORDER BY id')).toEqual([1, 2]);
    expect(value(d, 'PRAGMA foreign_keys')).toBe(1);
    db.exec('DELETE FROM parents');
    expect(value(d, 'SELECT COUNT(*) FROM children')).toBe(0);
  });

  it('refuses to commit one that leaves a reference pointing at nothing: the file keeps its version and rows', () => {
    const db = nodeSqlite.open(':memory:');
    const breaking: Migration = Object.assign(
      (d: Connection) => d.exec('DROP TABLE parents; CREATE TABLE parents (id INTEGER PRIMARY KEY)'),
      { withoutForeignKeys: true },
    );
    expect(() => migrate(db, [schema, breaking])).toThrow(/migration 2 broke references: children row 1 -> parents/);
    const d = db as unknown as Db;
    expect(schemaVersion(db)).toBe(1);
    expect(values(d, 'SELECT id FROM parents')).toEqual([1]);
    expect(value(d, 'PRAGMA foreign_keys')).toBe(1);
  });
});

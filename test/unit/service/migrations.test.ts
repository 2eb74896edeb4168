import { describe, expect, it } from 'vitest';
import { nodeSqlite, type Connection } from '../../../service/storage/driver';
import { migrate, migrations, schemaVersion, type Migration } from '../../../service/storage/migrations';

/** The first column's values. */
function column<T = unknown>(db: Connection, text: string): T[] {
  const statement = db.prepare(text);
  statement.setReturnArrays(true);
  return (statement.all() as unknown[][]).map((row) => row[0] as T);
}

describe('migrations', () => {
  it('brings an empty database to the latest version and does nothing the second time', () => {
    const db = nodeSqlite.open(':memory:');
    expect(migrate(db)).toEqual({ from: 0, to: migrations.length });
    expect(migrate(db)).toEqual({ from: migrations.length, to: migrations.length });
    expect(schemaVersion(db)).toBe(migrations.length);
  });

  it('rolls a failing migration back entirely and keeps the earlier version', () => {
    const db = nodeSqlite.open(':memory:');
    const list: Migration[] = [
      (d) => d.exec('CREATE TABLE a (x)'),
      (d) => {
        d.exec('CREATE TABLE b (x)');
        throw new Error('boom');
      },
    ];
    expect(() => migrate(db, list)).toThrow('boom');
    expect(schemaVersion(db)).toBe(1);
    expect(column(db, `SELECT name FROM sqlite_master WHERE type = 'table'`)).toEqual(['a']);
  });

  it('gives the projects of an older database an empty description', () => {
    const hasDescription = (db: Connection) =>
      column<string>(db, `SELECT name FROM pragma_table_info('projects')`).includes('description');
    // The first version whose projects have a description.
    const probe = nodeSqlite.open(':memory:');
    let version = 0;
    while (!hasDescription(probe) && version < migrations.length) migrate(probe, migrations.slice(0, ++version));
    expect(hasDescription(probe)).toBe(true);

    const db = nodeSqlite.open(':memory:');
    migrate(db, migrations.slice(0, version - 1));
    db.exec(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'A', '2024-03-04T09:00:00Z')`);
    db.exec(
      `INSERT INTO projects (account_id, name, created_at, updated_at) VALUES (1, 'Old', '2024-03-04T09:00:00Z', '2024-03-04T09:00:00Z')`,
    );
    migrate(db);
    expect(column(db, 'SELECT description FROM projects')).toEqual(['']);
    expect(() => db.exec(`UPDATE projects SET description = NULL`)).toThrow(/NOT NULL/);
  });

  it('refuses a database newer than the migrations it knows', () => {
    const db = nodeSqlite.open(':memory:');
    db.exec('PRAGMA user_version = 5');
    expect(() => migrate(db, [])).toThrow(/newer/);
  });
});

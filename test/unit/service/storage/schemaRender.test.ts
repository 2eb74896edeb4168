// A migration written from now on is a description (service/storage/README.md): what it renders
// on SQLite, run on a real database after every shipped migration. Both stores' schemas after it
// are compared in test/integration/storage/schemaRender.test.ts.
import { describe, expect, it } from 'vitest';
import { type Connection, nodeSqlite } from '../../../../service/storage/driver';
import { migrate, migrations, sqliteMigration } from '../../../../service/storage/migrations';
import { renderPostgres, renderSqlite } from '../../../../service/storage/schemaRender';
import { exampleMigration } from '../../../support/migrationText';

const NEXT = migrations.length + 1;

function migratedWithExample(): Connection {
  const db = nodeSqlite.open(':memory:');
  migrate(db, [...migrations, sqliteMigration(exampleMigration, NEXT)]);
  db.exec(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'A', '2026-12-01T09:00:00Z')`);
  db.exec(
    `INSERT INTO users (id, account_id, email, role, created_at, updated_at)
     VALUES (1, 1, 'a@example.test', 'owner', '2026-12-01T09:00:00Z', '2026-12-01T09:00:00Z')`,
  );
  return db;
}

const addFilter = (db: Connection, name: string) =>
  Number(
    db
      .prepare(
        `INSERT INTO saved_filters (user_id, name, query, created_at) VALUES (1, ?, '{}', '2026-12-01T09:00:00Z')`,
      )
      .run(name).lastInsertRowid,
  );

describe('a new migration described once', () => {
  it('never gives a deleted id again on SQLite: its tables are AUTOINCREMENT, as migration 13 made the others', () => {
    const db = migratedWithExample();
    addFilter(db, 'First');
    const gone = addFilter(db, 'Newest');
    db.prepare('DELETE FROM saved_filters WHERE id = ?').run(gone);
    expect(addFilter(db, 'Next')).toBeGreaterThan(gone);
    db.close();
  });

  it('keeps a name unique ignoring the case of ASCII letters, as the queries compare it', () => {
    const db = migratedWithExample();
    addFilter(db, 'Billable');
    expect(() => addFilter(db, 'BILLABLE')).toThrow(/UNIQUE/);
    // NOCASE folds A-Z only, as PostgreSQL's index on dialect.ts's fold does.
    addFilter(db, 'Émile');
    expect(() => addFilter(db, 'émile')).not.toThrow();
    db.close();
  });

  it('writes its notes on both stores, in one text each', () => {
    const sqlite = renderSqlite(exampleMigration, NEXT);
    const postgres = renderPostgres(exampleMigration, NEXT);
    expect(sqlite).toHaveLength(1);
    for (const text of [sqlite[0]!, postgres]) {
      expect(text).toContain('-- A user keeps the report filters they use often.\n  CREATE TABLE saved_filters (');
      expect(text).toContain('    -- The filter as the report page sends it, JSON.\n    query TEXT');
    }
    expect(postgres).toContain(
      `CREATE UNIQUE INDEX saved_filters_name ON saved_filters (user_id, (translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C"));`,
    );
  });
});

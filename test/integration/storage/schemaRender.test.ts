// A migration written from now on is one description (service/storage/README.md), rendered for
// each store: appended after every shipped migration, it leaves SQLite and PostgreSQL with one
// schema, read from each database's own catalogue (test/support/schemaCatalogue.ts), and the
// rules it states hold on PostgreSQL as they do on SQLite (test/unit/service/storage/schemaRender.test.ts).
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate, migrations, sqliteMigration } from '../../../service/storage/migrations';
import { migratePostgres, postgresMigrations } from '../../../service/storage/postgresMigrations';
import { renderPostgres } from '../../../service/storage/schemaRender';
import { exampleMigration } from '../../support/migrationText';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { readPostgresSchema, readSqliteSchema } from '../../support/schemaCatalogue';

const NEXT = migrations.length + 1;
let database: TestDatabase;
let pool: pg.Pool;

beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await migratePostgres(pool, [...postgresMigrations, renderPostgres(exampleMigration, NEXT)]);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('a new migration described once, on both stores', () => {
  it('leaves SQLite and PostgreSQL with the same tables, columns, keys, indexes and checks', async () => {
    const db = nodeSqlite.open(':memory:');
    migrate(db, [...migrations, sqliteMigration(exampleMigration, NEXT)]);
    const sqlite = readSqliteSchema(db);
    db.close();
    expect(sqlite.saved_filters).toBeDefined();
    expect(await readPostgresSchema(pool)).toEqual(sqlite);
  });

  it('keeps a name unique ignoring the case of ASCII letters on PostgreSQL too, and never reuses an id', async () => {
    await pool.query(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'A', '2026-12-01T09:00:00Z')`);
    await pool.query(
      `INSERT INTO users (id, account_id, email, role, created_at, updated_at)
       VALUES (1, 1, 'a@example.test', 'owner', '2026-12-01T09:00:00Z', '2026-12-01T09:00:00Z')`,
    );
    const add = async (name: string) =>
      Number(
        (
          await pool.query(
            `INSERT INTO saved_filters (user_id, name, query, created_at) VALUES (1, $1, '{}', '2026-12-01T09:00:00Z') RETURNING id`,
            [name],
          )
        ).rows[0].id,
      );
    await add('Billable');
    await expect(add('BILLABLE')).rejects.toThrow(/saved_filters_name/);
    await add('Émile');
    const gone = await add('émile');
    await pool.query('DELETE FROM saved_filters WHERE id = $1', [gone]);
    expect(await add('Next')).toBeGreaterThan(gone);
  });
});

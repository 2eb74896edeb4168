// The two stores' schemas at the same version are one schema: read from each database's own
// catalogue (test/support/schemaCatalogue.ts says what counts as the same) and compared whole, so
// a migration added to one list and forgotten, or translated differently, in the other fails here.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate } from '../../../service/storage/migrations';
import { type TestDatabase, testDatabase } from '../../support/postgres';
import { readPostgresSchema, readSqliteSchema, type SchemaShape } from '../../support/schemaCatalogue';

let database: TestDatabase;
let pool: pg.Pool;
let sqlite: SchemaShape;

beforeAll(async () => {
  database = await testDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = nodeSqlite.open(':memory:');
  migrate(db);
  sqlite = readSqliteSchema(db);
  db.close();
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('schema parity between SQLite and PostgreSQL', () => {
  it('has the same tables, columns, keys, foreign keys, indexes and checks after all migrations', async () => {
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    expect(await readPostgresSchema(pool)).toEqual(sqlite);
  });

  it('notices a difference: an index, a foreign key action and a column type changed on PostgreSQL only', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE INDEX tags_by_created ON tags (created_at)');
      await client.query('ALTER TABLE timers ALTER COLUMN description TYPE varchar(200)');
      await client.query('ALTER TABLE timer_tags DROP CONSTRAINT timer_tags_tag_id_fkey');
      await client.query('ALTER TABLE timer_tags ADD FOREIGN KEY (tag_id) REFERENCES tags(id)');
      const changed = await readPostgresSchema(client);
      expect(changed.tags!.indexes).toContain('tags_by_created: (created_at)');
      expect(changed.timers!.columns).toContain('description character varying(200)');
      expect(changed.timer_tags!.foreignKeys).toContain('(tag_id) -> tags(id) on delete no action on update no action');
      expect(changed).not.toEqual(sqlite);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

// The two stores' schemas at the same version are one schema: read from each database's own
// catalogue (test/support/schemaCatalogue.ts says what counts as the same) and compared whole, so
// a migration added to one list and forgotten, or translated differently, in the other fails here.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { nocase } from '../../../service/storage/dialect';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate } from '../../../service/storage/migrations';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { readPostgresSchema, readSqliteSchema, type SchemaShape } from '../../support/schemaCatalogue';

let database: TestDatabase;
let pool: pg.Pool;
let sqlite: SchemaShape;

beforeAllWithPostgres(async () => {
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

  it("finds names through the case-insensitive unique indexes with dialect.ts's own comparison", async () => {
    // The index expression and the queries' expression must be the same text, or PostgreSQL scans
    // the whole table (and the index would not be what keeps names unique as queries see them).
    const lookups = [
      ['projects_name', 'projects', 'account_id = 1 AND', 'name'],
      ['tags_name', 'tags', 'account_id = 1 AND', 'name'],
      ['teams_name', 'teams', 'account_id = 1 AND', 'name'],
      ['users_email_key', 'users', '', 'email'],
    ];
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      for (const [index, table, scope, column] of lookups) {
        const where = `${scope} ${nocase('postgres', column!)} = ${nocase('postgres', "'Some Name'")}`;
        const plan = (await client.query(`EXPLAIN SELECT id FROM ${table} WHERE ${where}`)).rows.map(
          (r) => r['QUERY PLAN'] as string,
        );
        // Searched on the folded name itself, not only on the account (the index's first column).
        const search = plan.find((line) => line.includes('Index Cond'));
        expect(plan.join('\n'), `${table}: ${where}`).toMatch(new RegExp(`Index Scan (using|on) ${index}\\b`));
        expect(search, `${table}: ${where}`).toMatch(/translate\(/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

// The PostgreSQL migrations on a real (throwaway) cluster: they bring an empty database to the
// version SQLite's migrations reach, once, even when several instances start together.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../service/storage/migrations';
import {
  migratePostgres,
  postgresMigrations,
  postgresSchemaVersion,
} from '../../../service/storage/postgresMigrations';
import { type TestDatabase, testDatabase } from '../../support/postgres';

const databases: TestDatabase[] = [];
const pools: pg.Pool[] = [];
async function emptyDatabase(): Promise<pg.Pool> {
  const database = await testDatabase({ empty: true });
  databases.push(database);
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pools.push(pool);
  return pool;
}

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await Promise.all(databases.map((database) => database.drop()));
});

describe('PostgreSQL migrations', () => {
  it('has one migration for each of SQLite’s, so a version number means the same schema on both', () => {
    expect(postgresMigrations).toHaveLength(migrations.length);
  });

  it('brings an empty database to the latest version and does nothing the second time', async () => {
    const pool = await emptyDatabase();
    expect(await postgresSchemaVersion(pool)).toBe(0);
    expect(await migratePostgres(pool)).toEqual({ from: 0, to: migrations.length });
    expect(await migratePostgres(pool)).toEqual({ from: migrations.length, to: migrations.length });
    expect(await postgresSchemaVersion(pool)).toBe(migrations.length);
  });

  it('migrates once when three instances start together on an empty database', async () => {
    const pool = await emptyDatabase();
    const instances = [0, 1, 2].map(() => {
      const instance = new pg.Pool({
        connectionString: (pool.options as { connectionString: string }).connectionString,
        max: 1,
      });
      pools.push(instance);
      return instance;
    });
    const results = await Promise.all(instances.map((instance) => migratePostgres(instance)));
    // Exactly one found the empty database; the others waited on the lock and found it current.
    expect(results.map((r) => r.from).sort((a, b) => a - b)).toEqual([0, migrations.length, migrations.length]);
    expect(await postgresSchemaVersion(pool)).toBe(migrations.length);
  });

  it('rolls a failing migration back entirely and keeps the earlier version', async () => {
    const pool = await emptyDatabase();
    const list = ['CREATE TABLE a (x INTEGER)', 'CREATE TABLE b (x INTEGER); SELECT 1 / 0'];
    await expect(migratePostgres(pool, list)).rejects.toThrow(/division by zero/);
    expect(await postgresSchemaVersion(pool)).toBe(1);
    const tables = await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    expect(tables.rows.map((r) => r.tablename)).toEqual(['a', 'schema_version']);
  });

  it('refuses a database newer than the migrations it knows', async () => {
    const pool = await emptyDatabase();
    await migratePostgres(pool, ['SELECT 1', 'SELECT 2']);
    await expect(migratePostgres(pool, ['SELECT 1'])).rejects.toThrow(/newer than this service knows/);
  });
});

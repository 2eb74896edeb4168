// The PostgreSQL side of the numbered schema migrations, rendered from the one description of
// every migration (schemaHistory.ts): entry N makes the same schema change as SQLite's migration N
// (migrations.ts), so a version number means one schema on both stores
// (test/integration/storage/schemaParity.test.ts compares them from each database's catalogue).
// What PostgreSQL writes differently (BIGINT, COLLATE "C", identity keys, case-insensitive
// unique indexes on an expression, no WITHOUT ROWID) is in dialect.ts.
//
// The version is the one row of schema_version. Each migration runs in its own transaction, all
// of them under one advisory lock, so instances starting together on an empty database migrate
// it once.
import type pg from 'pg';
import { schemaHistory } from './schemaHistory';
import { renderPostgres } from './schemaRender';

/** pg_advisory_xact_lock(namespace, n) keys of the service's own chores. The two-key form never
 * meets the one-key form that write transactions take per account (PostgreSQL keeps them apart). */
export const SERVICE_LOCK_NAMESPACE = 0x5354494e; // 'STIN'
export const MIGRATION_LOCK = 1;
/** Start-up seeding (index.ts seedService): the owner, their first token and password. */
export const SEED_LOCK = 2;
/** pg_advisory_xact_lock(SIGN_IN_LOCK_NAMESPACE, hashtext(key)): sign-ins of one throttle key (oauth/signIn.ts). */
export const SIGN_IN_LOCK_NAMESPACE = 0x5349474e; // 'SIGN'

export const postgresMigrations: string[] = schemaHistory.map((entry, i) =>
  'blocks' in entry ? renderPostgres(entry, i + 1) : entry.postgres,
);

/**
 * Brings a PostgreSQL database to the latest schema; refuses one written by a newer service. Any
 * number of instances may call it at once: each migration runs once, under the migration lock.
 * `from` is the version this call found before its first migration.
 */
export async function migratePostgres(
  pool: pg.Pool,
  list: readonly string[] = postgresMigrations,
): Promise<{ from: number; to: number }> {
  const client = await pool.connect();
  try {
    // Held for the whole run, so one instance migrates and the others find the database current;
    // a session lock, released also when the connection dies.
    await client.query('SELECT pg_advisory_lock($1, $2)', [SERVICE_LOCK_NAMESPACE, MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      const from = await postgresSchemaVersion(client);
      if (from > list.length) {
        throw new Error(
          `the database has schema version ${from}, newer than this service knows (${list.length}); refusing to touch it`,
        );
      }
      for (let version = from; version < list.length; version++) {
        await client.query('BEGIN');
        try {
          await client.query(list[version]!);
          await client.query('DELETE FROM schema_version');
          await client.query('INSERT INTO schema_version (version) VALUES ($1)', [version + 1]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }
      return { from, to: list.length };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [SERVICE_LOCK_NAMESPACE, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The number of migrations the database has run (0 for an empty one). */
export async function postgresSchemaVersion(pool: pg.Pool | pg.ClientBase): Promise<number> {
  const exists = await pool.query(`SELECT to_regclass('schema_version') IS NOT NULL AS exists`);
  if (!exists.rows[0]?.exists) return 0;
  const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_version');
  return rows[0]?.version ?? 0;
}

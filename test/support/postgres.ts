// PostgreSQL for tests: one throwaway cluster per test run, shared by every worker, and one
// database per test file, copied from a template that already carries the migrated schema
// (CREATE DATABASE ... TEMPLATE copies files: far faster than migrating each one).
//
// The first worker that asks starts the cluster in the run's folder (made by
// postgresGlobalSetup.ts, which stops it at the end), holding a lock file while it does; the
// others wait for its `ready.json`, or for its `failed.txt`, and fail with the same message.
// A test that needs PostgreSQL fails, with the reason, when the cluster cannot start: it never
// skips.
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, beforeEach, inject } from 'vitest';
import { migratePostgres } from '../../service/storage/postgresMigrations';
import { type ClusterAddress, startCluster } from './postgresCluster';

export const TEMPLATE = 'stint_template';

let cluster: Promise<ClusterAddress> | undefined;

/** The run's shared cluster, started by whichever worker asks first. */
export function sharedCluster(): Promise<ClusterAddress> {
  cluster ??= findOrStart();
  return cluster;
}

/** A connection string to a database of the shared cluster. */
export const databaseUrl = (address: ClusterAddress, database: string) =>
  `postgres://${address.user}@${address.host}:${address.port}/${database}`;

async function findOrStart(): Promise<ClusterAddress> {
  const dir = inject('stintPostgresDir');
  if (!dir)
    throw new Error('PostgreSQL tests need the globalSetup test/support/postgresGlobalSetup.ts (vitest.config.ts)');
  const ready = join(dir, 'ready.json');
  const failed = join(dir, 'failed.txt');
  let lock: number | undefined;
  try {
    lock = openSync(join(dir, 'start.lock'), 'wx');
  } catch {
    // Another worker is starting it.
  }
  if (lock !== undefined) {
    closeSync(lock);
    try {
      const address = await startCluster(dir);
      await makeTemplate(address);
      writeFileSync(`${ready}.tmp`, JSON.stringify(address));
      renameSync(`${ready}.tmp`, ready);
      return address;
    } catch (error) {
      writeFileSync(failed, (error as Error).message);
      throw error;
    }
  }
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as ClusterAddress;
    if (existsSync(failed)) throw new Error(`PostgreSQL could not start: ${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PostgreSQL was not ready after 180 s (another worker is starting it in ${dir})`);
}

/** Runs one statement on the cluster's maintenance database. */
export async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(
  address: ClusterAddress,
  text: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: databaseUrl(address, 'postgres') });
  await client.connect();
  try {
    return await client.query<T>(text, params);
  } finally {
    await client.end();
  }
}

async function makeTemplate(address: ClusterAddress): Promise<void> {
  await admin(address, `CREATE DATABASE ${TEMPLATE}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(address, TEMPLATE), max: 1 });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  // No connections: CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
  await admin(address, `ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
}

let databases = 0;

export interface TestDatabase {
  /** postgres://... for pg.Pool or DATABASE_URL. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new database with the migrated schema and no rows, for one test file (or one test). `empty`
 * gives one without the schema, for tests of the migrations themselves.
 */
export async function testDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const address = await sharedCluster();
  const name = `t_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(address, `CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : TEMPLATE}`);
  return {
    url: databaseUrl(address, name),
    name,
    drop: async () => void (await admin(address, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * beforeAll for a file whose tests need PostgreSQL. When it fails (no PostgreSQL), every test of
 * the file fails with its reason: a failed beforeAll alone would only mark them skipped.
 */
export function beforeAllWithPostgres(setup: () => Promise<void>, timeoutMs?: number): void {
  let failure: { error: unknown } | undefined;
  beforeAll(async () => {
    try {
      await setup();
    } catch (error) {
      failure = { error };
    }
  }, timeoutMs);
  beforeEach(() => {
    if (failure) throw failure.error;
  });
}

// A throwaway PostgreSQL 15 cluster for the service benchmarks' PostgreSQL and team rows (the
// tests' test/support/postgresCluster.ts, outside vitest): durability off, as in the tests, so the
// rows measure the service on PostgreSQL rather than this machine's disk. Databases are made
// empty, or as copies of another (CREATE DATABASE ... TEMPLATE: a seeded one copied in seconds).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ClusterAddress, startCluster, stopCluster } from '../test/support/postgresCluster';

export interface BenchDatabase {
  name: string;
  url: string;
}

export interface BenchPostgres {
  /** A new empty database, or a copy of `template` (nobody may be connected to it). */
  database(template?: BenchDatabase): Promise<BenchDatabase>;
  stop(): Promise<void>;
}

const urlOf = (address: ClusterAddress, database: string) =>
  `postgres://${address.user}@${address.host}:${address.port}/${database}`;

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'stint-bench-pg-'));
  const address = await startCluster(dir);
  let made = 0;
  return {
    async database(template) {
      const name = `bench_${++made}`;
      const admin = new pg.Client({ connectionString: urlOf(address, 'postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template?.name ?? 'template0'}`);
      } finally {
        await admin.end();
      }
      return { name, url: urlOf(address, name) };
    },
    async stop() {
      await stopCluster(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

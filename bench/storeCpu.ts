// Where a request's time goes on each store (issue 29 targets): one service on SQLite (in memory)
// and one on a throwaway PostgreSQL cluster, each under 16 concurrent requests in this process,
// and per request the process's CPU (the client's included, the same on both sides), the CPU of
// the cluster's backends (read from /proc: the postmaster and its children), and the statements
// the store sent. Not a row of RESULTS.md: a tool to see a change's cost where rates are noise.
//
//   WHICH=post|get (default post)  ONLY=sqlite|pg  MS=3000 (measured ms per side)
//   POOL=10 (the store's pool)  SOCK=1 (the unix socket instead of TCP)
//   PGSS=1 (pg_stat_statements: the statements' own execution time)
//   npx tsx bench/storeCpu.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { startService } from '../service';
import { openPostgresStore, type PostgresStore } from '../service/storage/postgresStore';
import { type ClusterAddress, postgresBin, startCluster, stopCluster } from '../test/support/postgresCluster';

const CONCURRENCY = 16;
const headersFor = (token: string) => ({
  'user-agent': 'StintBench/1.0',
  'x-servicetoken': token,
  'content-type': 'application/json',
});

/** CPU milliseconds used so far by the cluster's postmaster and its children (its backends). */
function clusterCpuMs(data: string): number {
  const master = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === master || Number(fields[1]) === master)
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
}

async function load(origin: string, call: Call, headers: Record<string, string>, ms: number) {
  const pool = new Pool(origin, { connections: CONCURRENCY });
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < started + ms) {
        const response = await pool.request({ ...call, headers, body: call.body?.() });
        await response.body.dump();
        if (response.statusCode < 300) ok++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { ok, failed, seconds };
}

async function withStatements(address: ClusterAddress, data: string): Promise<void> {
  const url = `postgres://${address.user}@${address.host}:${address.port}/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  await client.end();
  // The library loads at start only: restart, as postgresCluster.ts runs pg_ctl (as `postgres` when root).
  const pgCtl = join(postgresBin, 'pg_ctl');
  const args = ['restart', '-w', '-D', data, '-l', join(data, '..', 'server.log')];
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args]);
  else execFileSync(pgCtl, args);
  const again = new pg.Client({ connectionString: url });
  await again.connect();
  await again.query('CREATE EXTENSION pg_stat_statements');
  await again.end();
}

async function printStatements(store: PostgresStore): Promise<void> {
  const rows = await store.all<{ calls: number; ms: number; each: number; text: string }>(
    `SELECT calls, round(total_exec_time::numeric, 1) AS ms, round((total_exec_time / calls)::numeric, 3) AS each,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS text
     FROM pg_stat_statements ORDER BY calls DESC LIMIT 20`,
  );
  for (const row of rows) console.log(`  ${row.calls} calls, ${row.ms} ms, ${row.each} ms each: ${row.text}`);
}

/** A project with three running or paused timers, and the call measured on it. */
async function prepare(url: string, headers: Record<string, string>): Promise<Call> {
  const created = await fetch(`${url}/v2/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'B' }) });
  const { id } = (await created.json()) as { id: number };
  for (let i = 0; i < 3; i++) {
    const body = JSON.stringify({ description: `Work #t${i}` });
    await fetch(`${url}/v2/projects/${id}/timer/start`, { method: 'PUT', headers, body });
  }
  const entry = { project_id: id, date: '2024-03-04', minutes: 30, description: 'Review #design #client' };
  return (process.env.WHICH ?? 'post') === 'post'
    ? { method: 'POST', path: '/v2/entries', body: () => JSON.stringify(entry) }
    : { method: 'GET', path: '/v2/timers' };
}

const dir = mkdtempSync(join(tmpdir(), 'stint-store-cpu-'));
const data = join(dir, 'data');
const address = await startCluster(dir);
if (process.env.PGSS) await withStatements(address, data);
const url = process.env.SOCK
  ? `postgres://${address.user}@/postgres?host=${address.socketDir}&port=${address.port}`
  : `postgres://${address.user}@${address.host}:${address.port}/postgres`;
const store = await openPostgresStore({ url, poolSize: Number(process.env.POOL ?? 10) });
const services = { sqlite: await startService({ rateLimit: 0 }), pg: await startService({ rateLimit: 0, store }) };
try {
  for (const label of ['sqlite', 'pg'] as const) {
    if (process.env.ONLY && process.env.ONLY !== label) continue;
    const service = services[label];
    const headers = headersFor(service.token);
    const call = await prepare(service.url, headers);
    await load(service.url, call, headers, 1000); // warm-up
    if (label === 'pg' && process.env.PGSS) await store.run('SELECT pg_stat_statements_reset()');
    const [sent, cpu, backends] = [store.statementsSent, process.cpuUsage(), clusterCpuMs(data)];
    const r = await load(service.url, call, headers, Number(process.env.MS ?? 3000));
    const used = process.cpuUsage(cpu);
    const n = r.ok + r.failed;
    const perRequest = (ms: number) => `${(ms / n).toFixed(3)} ms`;
    console.log(
      `${label} ${call.method} ${call.path}: ${(r.ok / r.seconds).toFixed(0)} req/s, ${r.failed} failed;`,
      `process ${perRequest((used.user + used.system) / 1000)} (user ${perRequest(used.user / 1000)});`,
      label === 'pg'
        ? `backends ${perRequest(clusterCpuMs(data) - backends)}; ${((store.statementsSent - sent) / n).toFixed(2)} statements`
        : '',
    );
    if (label === 'pg' && process.env.PGSS) await printStatements(store);
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await services.pg.close();
  await services.sqlite.close();
  await stopCluster(dir);
}

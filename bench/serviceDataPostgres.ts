// The rows of bench/service-data.bench.ts on PostgreSQL (issue 20), beside the SQLite ones: the
// same 100,000 entries seeded through the domain layer into a throwaway cluster's database, then
//  - one service in this process on it: GET /v2/entries?per_page=1000 p50 (beside the raw query
//    of the same 1000 rows through pg + JSON.stringify, alternating) and POST /v2/entries sustained;
//  - three instances behind HAProxy (deploy/run-team.sh) on a copy of that database: the same two
//    rows through the balancer.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { buildService } from '../service';
import { openPostgresStore } from '../service/storage/postgresStore';
import type { Store } from '../service/storage/store';
import { killTeamClusters, startTeamCluster } from '../test/support/teamCluster';
import { type BenchDatabase, startBenchPostgres } from './benchPostgres';
import { seedAccount } from './serviceSeed';
import { type BenchResult, percentile } from './types';

export interface DataLoad {
  entries: number;
  listRounds: number;
  listPerRound: number;
  postConcurrency: number;
  postRounds: number;
  postRoundMs: number;
}

/** The machine's load when a row was measured (it is shared: rates and times move with it). */
export const loadNow = () => `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;

const BASE_HEADERS = { 'user-agent': 'StintBench/1.0' };

async function exchange(pool: Pool, options: Parameters<Pool['request']>[0]): Promise<number> {
  const response = await pool.request(options);
  // Read whole, as a client would (and as the SQLite rows do).
  for await (const _chunk of response.body);
  return response.statusCode;
}

/** p50 and p95 of GET /v2/entries?per_page=1000 on one connection; `between` runs after each request's timing. */
async function listTimes(origin: string, token: string, load: DataLoad, between?: () => Promise<void>) {
  const pool = new Pool(origin, { connections: 1 });
  const list = {
    method: 'GET' as const,
    path: '/v2/entries?per_page=1000',
    headers: { ...BASE_HEADERS, 'x-servicetoken': token },
  };
  try {
    for (let i = 0; i < 10; i++) if ((await exchange(pool, list)) !== 200) throw new Error('GET /v2/entries failed');
    const http: number[] = [];
    for (let round = 0; round < load.listRounds; round++)
      for (let i = 0; i < load.listPerRound; i++) {
        const t = performance.now();
        await exchange(pool, list);
        http.push(performance.now() - t);
        await between?.();
      }
    return http;
  } finally {
    await pool.close();
  }
}

/** POST /v2/entries at a fixed concurrency for the rounds: req/s and the non-201 count. */
async function postRate(origin: string, token: string, load: DataLoad) {
  const pool = new Pool(origin, { connections: load.postConcurrency });
  const headers = { ...BASE_HEADERS, 'x-servicetoken': token, 'content-type': 'application/json' };
  let n = 0;
  let ok = 0;
  let failed = 0;
  const ms = load.postRounds * load.postRoundMs;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: load.postConcurrency }, async () => {
        while (performance.now() < started + ms) {
          n++;
          const body = JSON.stringify({
            date: '2024-03-04',
            minutes: 25 + (n % 60),
            description: `Bench entry ${n} #bench #tag${n % 7}`,
          });
          if ((await exchange(pool, { method: 'POST', path: '/v2/entries', headers, body })) === 201) ok++;
          else failed++;
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return { rps: ok / ((performance.now() - started) / 1000), failed };
}

/** The raw side: the same 1000 entries rows through the store's pg pool, stringified. */
async function rawTimes(store: Store, ownerId: number, count: number): Promise<number[]> {
  const { account_id: accountId } = (await store.get<{ account_id: number }>(
    'SELECT account_id FROM users WHERE id = ?',
    ownerId,
  ))!;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    JSON.stringify(
      await store.all('SELECT * FROM entries WHERE account_id = ? ORDER BY date DESC, id DESC LIMIT 1000', accountId),
    );
    times.push(performance.now() - t);
  }
  return times;
}

const rowsNamed = (entries: number) => ({
  list: `GET /v2/entries?per_page=1000 over HTTP, ${entries} entries, p50`,
  post: `POST /v2/entries sustained, rate limit off, ${entries}+ entries`,
});

/** One service in this process on the seeded database. */
async function inProcess(database: BenchDatabase, token: string, load: DataLoad): Promise<BenchResult[]> {
  const store = await openPostgresStore({ url: database.url, poolSize: 10 });
  const built = await buildService({ store, rateLimit: 0, token });
  try {
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
    // The raw query right after each request, so both sides see the same moment of a shared machine.
    const raw: number[] = [];
    const http = await listTimes(origin, token, load, async () => {
      raw.push(...(await rawTimes(store, built.ownerId, 1)));
    });
    const post = await postRate(origin, token, load);
    const names = rowsNamed(load.entries);
    const p50 = percentile(http, 50);
    return [
      {
        name: `${names.list} [PostgreSQL]`,
        value: Number(p50.toFixed(2)),
        unit: 'ms',
        detail: `one service, pool of 10; p95 ${percentile(http, 95).toFixed(2)} ms; raw pg query of the same 1000 rows + JSON.stringify p50 ${percentile(raw, 50).toFixed(2)} ms (ratio ${(p50 / percentile(raw, 50)).toFixed(2)}); ${http.length} requests on one connection`,
      },
      listRatio(p50, percentile(raw, 50)),
      {
        name: `${names.post} [PostgreSQL]`,
        value: Math.round(post.rps),
        unit: 'req/s',
        detail: `one service, pool of 10; undici, ${load.postConcurrency} concurrent for ${load.postRounds * load.postRoundMs} ms; each a transaction with two #tags; ${post.failed} non-201`,
      },
    ];
  } finally {
    await built.app.close();
  }
}

/** The list beside the raw query of its rows on PostgreSQL: the target the SQLite row has (issue 29). */
function listRatio(httpMs: number, rawMs: number): BenchResult {
  const ratio = httpMs / rawMs;
  return {
    name: 'GET /v2/entries?per_page=1000 / raw query + JSON.stringify [PostgreSQL]',
    value: Number(ratio.toFixed(2)),
    unit: 'ratio',
    target: 'within 2x (<= 2)',
    met: ratio <= 2,
    detail: `p50 over p50 (${httpMs.toFixed(2)} ms over ${rawMs.toFixed(2)} ms), one service in this process, the raw query through its pool right after each request; same run; ${loadNow()}`,
  };
}

/** Three instances behind HAProxy on a copy of the seeded database. */
async function behindHaproxy(database: BenchDatabase, token: string, load: DataLoad): Promise<BenchResult[]> {
  const cluster = await startTeamCluster({
    databaseUrl: database.url,
    token,
    env: { RATE_LIMIT: '0', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10' },
  });
  try {
    const http = await listTimes(cluster.url, token, load);
    const post = await postRate(cluster.url, token, load);
    const names = rowsNamed(load.entries);
    const how =
      'deploy/run-team.sh: 3 processes, pool of 10 each, round robin, request log at warn; all on the same 2 cores as the client and PostgreSQL';
    return [
      {
        name: `${names.list} [3 instances behind HAProxy, PostgreSQL]`,
        value: Number(percentile(http, 50).toFixed(2)),
        unit: 'ms',
        detail: `${how}; p95 ${percentile(http, 95).toFixed(2)} ms; ${http.length} requests on one client connection`,
      },
      {
        name: `${names.post} [3 instances behind HAProxy, PostgreSQL]`,
        value: Math.round(post.rps),
        unit: 'req/s',
        detail: `${how}; undici, ${load.postConcurrency} concurrent for ${load.postRounds * load.postRoundMs} ms; ${post.failed} non-201`,
      },
    ];
  } finally {
    await cluster.stop();
    killTeamClusters();
  }
}

/** Seeds once, copies the database for the team, measures both. */
export async function postgresDataRows(load: DataLoad): Promise<BenchResult[]> {
  const postgres = await startBenchPostgres();
  try {
    const seeded = await postgres.database();
    const token = randomBytes(32).toString('base64url');
    const store = await openPostgresStore({ url: seeded.url, poolSize: 2 });
    const built = await buildService({ store, rateLimit: 0, token });
    const seedStarted = performance.now();
    try {
      await seedAccount(store, built.ownerId, load.entries);
    } finally {
      await built.app.close();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // The copy before the in-process rows add their entries: both start from the same 100,000.
    const copy = await postgres.database(seeded);
    const single = await inProcess(seeded, token, load);
    const team = await behindHaproxy(copy, token, load);
    const seededNote = `; seeded through the domain layer in ${seedSeconds.toFixed(1)} s`;
    return [...single, ...team].map((r, i) => (i === 0 ? { ...r, detail: `${r.detail}${seededNote}` } : r));
  } finally {
    await postgres.stop();
  }
}

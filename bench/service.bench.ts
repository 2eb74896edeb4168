// Local service throughput: GET /v2/timers with the rate limit off, beside a bare fastify route
// answering the same bytes, measured in the same run over loopback HTTP with undici at a fixed
// concurrency. The ratio is what the service's layers (rate limit hook, User-Agent, token
// lookup, SQLite queries, link building, serialisation) leave of fastify's own speed. Then the
// same row on PostgreSQL (issue 20): one service in this process on a throwaway cluster, and three
// instances behind HAProxy (deploy/run-team.sh), each beside the same bare route. Then (issue 29)
// POST /v2/entries and GET /v2/timers on SQLite, PostgreSQL and the three instances side by side
// in alternating rounds, with the statements per request the PostgreSQL store counted.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { startService } from '../service';
import { openPostgresStore, type PostgresStore } from '../service/storage/postgresStore';
import { killTeamClusters, startTeamCluster } from '../test/support/teamCluster';
import { startBenchPostgres } from './benchPostgres';
import type { Benchmark, BenchResult } from './types';

const CONCURRENCY = 16;
// Short alternating rounds, so both sides see the same background load of a shared machine.
const ROUNDS = 6;
const ROUND_MS = 500; // ~3 s per side in all
const WARMUP_MS = 500;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** A fresh body per request (POST), or none. */
  body?: () => string;
  /** The answer that counts as done. */
  status: number;
}

const TIMERS: Call = { method: 'GET', path: '/v2/timers', status: 200 };

async function load(
  origin: string,
  call: Call,
  headers: Record<string, string>,
  ms: number,
): Promise<{ ok: number; failed: number; seconds: number }> {
  const pool = new Pool(origin, { connections: CONCURRENCY });
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const response = await pool.request({ method: call.method, path: call.path, headers, body: call.body?.() });
        await response.body.dump();
        if (response.statusCode === call.status) ok++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { ok, failed, seconds };
}

/** A user with a few timers: one running, two paused, one pending. Answers GET /v2/timers's body. */
async function seedTimers(url: string, headers: Record<string, string>): Promise<string> {
  for (let i = 1; i <= 4; i++) {
    const created = await fetch(`${url}/v2/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Project ${i}` }),
    });
    const { id } = (await created.json()) as { id: number };
    const action = i === 4 ? 'timer' : 'timer/start';
    await fetch(`${url}/v2/projects/${id}/${action}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ description: `Work #tag${i}` }),
    });
  }
  return await (await fetch(`${url}/v2/timers`, { headers })).text();
}

type Totals = { ok: number; failed: number; seconds: number };

/** Alternating rounds of GET /v2/timers on the service and on the bare route, after a warm-up of each. */
async function alternate(serviceUrl: string, bareOrigin: string, headers: Record<string, string>) {
  await load(serviceUrl, TIMERS, headers, WARMUP_MS);
  await load(bareOrigin, TIMERS, headers, WARMUP_MS);
  const totals: Record<'service' | 'bare', Totals> = {
    service: { ok: 0, failed: 0, seconds: 0 },
    bare: { ok: 0, failed: 0, seconds: 0 },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, origin] of [
      ['service', serviceUrl],
      ['bare', bareOrigin],
    ] as const) {
      const r = await load(origin, TIMERS, headers, ROUND_MS);
      totals[side].ok += r.ok;
      totals[side].failed += r.failed;
      totals[side].seconds += r.seconds;
    }
  }
  return totals;
}

const headersFor = (token: string) => ({
  'user-agent': 'StintBench/1.0',
  'x-servicetoken': token,
  'content-type': 'application/json',
});

const DETAIL = `undici, ${CONCURRENCY} concurrent over loopback, ${ROUNDS} alternating rounds of ${ROUND_MS} ms per side`;
const ROW = 'local service: GET /v2/timers, rate limit off';

/** The row of a service on PostgreSQL (in this process, or three instances behind HAProxy) beside the bare route. */
async function besideBare(
  { label, how }: { label: string; how: string },
  { url, token }: { url: string; token: string },
  bareOrigin: string,
): Promise<BenchResult> {
  const headers = headersFor(token);
  const sample = await seedTimers(url, headers);
  const totals = await alternate(url, bareOrigin, headers);
  const rps = totals.service.ok / totals.service.seconds;
  const bareRps = totals.bare.ok / totals.bare.seconds;
  return {
    name: `${ROW} [${label}]`,
    value: Math.round(rps),
    unit: 'req/s',
    detail: `${how}; ${DETAIL}; ${sample.length} bytes; ${(rps / bareRps).toFixed(3)} of the bare route's ${Math.round(bareRps)} req/s in the same rounds; ${totals.service.failed} non-200`,
  };
}

/** A service measured beside the others: its url and token, and its store when it counts statements. */
interface Target {
  label: string;
  url: string;
  token: string;
  store?: PostgresStore;
}

const ENTRY_BODY = (projectId: number) =>
  JSON.stringify({ project_id: projectId, date: '2024-03-04', minutes: 30, description: 'Review #design #client' });

/** POST /v2/entries of one project of the target's, with two #tags (made by the first). */
async function entryCall(target: Target): Promise<Call> {
  const headers = headersFor(target.token);
  const created = await fetch(`${target.url}/v2/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench entries' }),
  });
  const { id } = (await created.json()) as { id: number };
  return { method: 'POST', path: '/v2/entries', body: () => ENTRY_BODY(id), status: 201 };
}

interface Measured {
  rps: number;
  failed: number;
  /** Statements per request, where the target's store counts them. */
  statements?: number;
}

/** Alternating rounds of `calls[i]` on `targets[i]`, after a warm-up of each: one number per target, same load. */
async function sideBySide(targets: Target[], calls: Call[]): Promise<Measured[]> {
  for (const [i, t] of targets.entries()) await load(t.url, calls[i]!, headersFor(t.token), WARMUP_MS);
  const totals = targets.map(() => ({ ok: 0, failed: 0, seconds: 0, statements: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const before = t.store?.requestStatementsSent ?? 0;
      const r = await load(t.url, calls[i]!, headersFor(t.token), ROUND_MS);
      totals[i]!.statements += (t.store?.requestStatementsSent ?? 0) - before;
      totals[i]!.ok += r.ok;
      totals[i]!.failed += r.failed;
      totals[i]!.seconds += r.seconds;
    }
  }
  return totals.map((total, i) => ({
    rps: total.ok / total.seconds,
    failed: total.failed,
    ...(targets[i]!.store ? { statements: total.statements / (total.ok + total.failed) } : {}),
  }));
}

const SIDE_BY_SIDE = `${ROUNDS} alternating rounds of ${ROUND_MS} ms per service, ${CONCURRENCY} concurrent; SQLite in memory, PostgreSQL with fsync off (bench/benchPostgres.ts)`;

/** One route on SQLite, PostgreSQL and three instances, side by side: the rates, their ratios, the statements. */
async function compareStores(
  [sqlite, postgres, three]: [Target, Target, Target],
  route: { name: string; calls: Call[]; pgTarget: number; statementTarget: number },
): Promise<BenchResult[]> {
  const [s, p, t] = await sideBySide([sqlite, postgres, three], route.calls);
  const ratio = p!.rps / s!.rps;
  const scale = t!.rps / p!.rps;
  const failed = `${s!.failed}/${p!.failed}/${t!.failed} not ${route.calls[0]!.status}`;
  return [
    ...[s, p, t].map((m, i) => ({
      name: `${route.name}, side by side [${[sqlite, postgres, three][i]!.label}]`,
      value: Math.round(m!.rps),
      unit: 'req/s',
      detail: `${SIDE_BY_SIDE}; ${m!.failed} failed`,
    })),
    {
      name: `${route.name}: PostgreSQL / SQLite`,
      value: Number(ratio.toFixed(3)),
      unit: 'ratio',
      target: `>= ${route.pgTarget}`,
      met: ratio >= route.pgTarget && s!.failed + p!.failed === 0,
      detail: `${Math.round(p!.rps)} / ${Math.round(s!.rps)} req/s in the same rounds; ${failed}`,
    },
    {
      name: `${route.name}: 3 instances behind HAProxy / 1 instance, PostgreSQL`,
      value: Number(scale.toFixed(3)),
      unit: 'ratio',
      target: '>= 1',
      met: scale >= 1 && t!.failed === 0,
      detail: `${Math.round(t!.rps)} / ${Math.round(p!.rps)} req/s in the same rounds; every process on the same 2 cores as the client and PostgreSQL`,
    },
    {
      name: `${route.name}: statements per request, PostgreSQL`,
      value: Number(p!.statements!.toFixed(2)),
      unit: 'statements',
      target: `<= ${route.statementTarget}`,
      met: p!.statements! <= route.statementTarget,
      detail:
        'round trips the store sent for requests (BEGIN, COMMIT and the auth reads included; polls and wakes outside requests not), divided by the requests of the measured rounds',
    },
  ];
}

/** The same row on PostgreSQL (one service in this process, three instances behind HAProxy), then the side-by-side rows. */
async function postgresRows(bareOrigin: string, sqlite: Target): Promise<BenchResult[]> {
  const postgres = await startBenchPostgres();
  const store = await openPostgresStore({ url: (await postgres.database()).url, poolSize: 10 });
  const single = await startService({ rateLimit: 0, store });
  let cluster: Awaited<ReturnType<typeof startTeamCluster>> | undefined;
  try {
    const one = await besideBare({ label: 'PostgreSQL', how: 'one service, pool of 10' }, single, bareOrigin);
    cluster = await startTeamCluster({
      databaseUrl: (await postgres.database()).url,
      env: { RATE_LIMIT: '0', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10' },
    });
    const three = await besideBare(
      {
        label: '3 instances behind HAProxy, PostgreSQL',
        how: 'deploy/run-team.sh: 3 processes, pool of 10 each, round robin, request log at warn; all on the same 2 cores as the client and PostgreSQL',
      },
      cluster,
      bareOrigin,
    );
    const targets: [Target, Target, Target] = [
      sqlite,
      { label: 'PostgreSQL', url: single.url, token: single.token, store },
      { label: '3 instances behind HAProxy, PostgreSQL', url: cluster.url, token: cluster.token },
    ];
    const entries = await Promise.all(targets.map(entryCall));
    return [
      one,
      three,
      ...(await compareStores(targets, {
        name: 'POST /v2/entries',
        calls: entries,
        pgTarget: 0.8,
        statementTarget: 8,
      })),
      ...(await compareStores(targets, {
        name: 'GET /v2/timers',
        calls: [TIMERS, TIMERS, TIMERS],
        pgTarget: 0.4,
        statementTarget: 3,
      })),
    ];
  } finally {
    await single.close();
    if (cluster) await cluster.stop();
    killTeamClusters();
    await postgres.stop();
  }
}

const benchmark: Benchmark = async () => {
  const service = await startService({ rateLimit: 0 });
  const headers = headersFor(service.token);
  const sample = await seedTimers(service.url, headers);

  const bare = Fastify({ logger: false });
  bare.get('/v2/timers', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sample));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = bare.server.address();
  const bareOrigin = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

  try {
    const totals = await alternate(service.url, bareOrigin, headers);
    const serviceRps = totals.service.ok / totals.service.seconds;
    const bareRps = totals.bare.ok / totals.bare.seconds;
    const ratio = serviceRps / bareRps;
    const detail = `${DETAIL}; 4 timers (${sample.length} bytes)`;
    return [
      {
        name: ROW,
        value: Math.round(serviceRps),
        unit: 'req/s',
        detail: `${detail}; ${totals.service.failed} non-200`,
      },
      {
        name: 'bare fastify route, same response bytes',
        value: Math.round(bareRps),
        unit: 'req/s',
        detail: `${detail}; ${totals.bare.failed} non-200`,
      },
      {
        name: 'local service / bare fastify throughput',
        value: Number(ratio.toFixed(3)),
        unit: 'ratio',
        target: '>= 0.5',
        met: ratio >= 0.5 && totals.service.failed === 0,
        detail: 'same machine, same run',
      },
      // After the SQLite rows, which run first and alone as before.
      ...(await postgresRows(bareOrigin, { label: 'SQLite', url: service.url, token: service.token })),
    ];
  } finally {
    await bare.close();
    await service.close();
  }
};

export default benchmark;

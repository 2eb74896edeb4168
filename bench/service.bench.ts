// Local service throughput: GET /v2/timers with the rate limit off, beside a bare fastify route
// answering the same bytes, measured in the same run over loopback HTTP with undici at a fixed
// concurrency. The ratio is what the service's layers (rate limit hook, User-Agent, token
// lookup, SQLite queries, link building, serialisation) leave of fastify's own speed. Then the
// same row on PostgreSQL (issue 20): one service in this process on a throwaway cluster, and three
// instances behind HAProxy (deploy/run-team.sh), each beside the same bare route.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { startService } from '../service';
import { openPostgresStore } from '../service/storage/postgresStore';
import { killTeamClusters, startTeamCluster } from '../test/support/teamCluster';
import { startBenchPostgres } from './benchPostgres';
import type { Benchmark, BenchResult } from './types';

const CONCURRENCY = 16;
// Short alternating rounds, so both sides see the same background load of a shared machine.
const ROUNDS = 6;
const ROUND_MS = 500; // ~3 s per side in all
const WARMUP_MS = 500;

async function load(
  origin: string,
  path: string,
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
        const response = await pool.request({ method: 'GET', path, headers });
        await response.body.dump();
        if (response.statusCode === 200) ok++;
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
  await load(serviceUrl, '/v2/timers', headers, WARMUP_MS);
  await load(bareOrigin, '/v2/timers', headers, WARMUP_MS);
  const totals: Record<'service' | 'bare', Totals> = {
    service: { ok: 0, failed: 0, seconds: 0 },
    bare: { ok: 0, failed: 0, seconds: 0 },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, origin] of [
      ['service', serviceUrl],
      ['bare', bareOrigin],
    ] as const) {
      const r = await load(origin, '/v2/timers', headers, ROUND_MS);
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

/** The same row on PostgreSQL: one service in this process, then three instances behind HAProxy. */
async function postgresRows(bareOrigin: string): Promise<BenchResult[]> {
  const postgres = await startBenchPostgres();
  try {
    const store = await openPostgresStore({ url: (await postgres.database()).url, poolSize: 10 });
    const single = await startService({ rateLimit: 0, store });
    let one: BenchResult;
    try {
      one = await besideBare({ label: 'PostgreSQL', how: 'one service, pool of 10' }, single, bareOrigin);
    } finally {
      await single.close();
    }
    const cluster = await startTeamCluster({
      databaseUrl: (await postgres.database()).url,
      env: { RATE_LIMIT: '0', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '10' },
    });
    try {
      const three = await besideBare(
        {
          label: '3 instances behind HAProxy, PostgreSQL',
          how: 'deploy/run-team.sh: 3 processes, pool of 10 each, round robin, request log at warn; all on the same 2 cores as the client and PostgreSQL',
        },
        cluster,
        bareOrigin,
      );
      return [one, three];
    } finally {
      await cluster.stop();
      killTeamClusters();
    }
  } finally {
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
      ...(await postgresRows(bareOrigin)),
    ];
  } finally {
    await bare.close();
    await service.close();
  }
};

export default benchmark;

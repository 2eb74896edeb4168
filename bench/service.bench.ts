// Local service throughput: GET /v2/timers with the rate limit off, beside a bare fastify route
// answering the same bytes, measured in the same run over loopback HTTP with undici at a fixed
// concurrency. The ratio is what the service's layers (rate limit hook, User-Agent, token
// lookup, SQLite queries, link building, serialisation) leave of fastify's own speed.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { startService } from '../service';
import type { Benchmark } from './types';

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

const benchmark: Benchmark = async () => {
  const service = await startService({ rateLimit: 0 });
  const headers = {
    'user-agent': 'StintBench/1.0',
    'x-servicetoken': service.token,
    'content-type': 'application/json',
  };
  // A user with a few timers: one running, two paused, one pending.
  for (let i = 1; i <= 4; i++) {
    const created = await fetch(`${service.url}/v2/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Project ${i}` }),
    });
    const { id } = (await created.json()) as { id: number };
    const action = i === 4 ? 'timer' : 'timer/start';
    await fetch(`${service.url}/v2/projects/${id}/${action}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ description: `Work #tag${i}` }),
    });
  }
  const sample = await (await fetch(`${service.url}/v2/timers`, { headers })).text();

  const bare = Fastify({ logger: false });
  bare.get('/v2/timers', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sample));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = bare.server.address();
  const bareOrigin = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

  try {
    await load(service.url, '/v2/timers', headers, WARMUP_MS);
    await load(bareOrigin, '/v2/timers', headers, WARMUP_MS);
    const totals = { service: { ok: 0, failed: 0, seconds: 0 }, bare: { ok: 0, failed: 0, seconds: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, origin] of [
        ['service', service.url],
        ['bare', bareOrigin],
      ] as const) {
        const r = await load(origin, '/v2/timers', headers, ROUND_MS);
        totals[side].ok += r.ok;
        totals[side].failed += r.failed;
        totals[side].seconds += r.seconds;
      }
    }
    const serviceRps = totals.service.ok / totals.service.seconds;
    const bareRps = totals.bare.ok / totals.bare.seconds;
    const ratio = serviceRps / bareRps;
    const detail = `undici, ${CONCURRENCY} concurrent over loopback, ${ROUNDS} alternating rounds of ${ROUND_MS} ms per side; 4 timers (${sample.length} bytes)`;
    return [
      {
        name: 'local service: GET /v2/timers, rate limit off',
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
    ];
  } finally {
    await bare.close();
    await service.close();
  }
};

export default benchmark;

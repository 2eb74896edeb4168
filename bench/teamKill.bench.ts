// Issue 20: "Kill -9 one of three instances every few seconds under a bounded write load through
// HAProxy: every acknowledged write present exactly once, no 5xx but from the killed one."
// deploy/run-team.sh's three instances on a throwaway PostgreSQL behind HAProxy; WRITERS clients
// each POST /v2/entries one after another (a bounded load), each write with a description of its
// own, sent again after a 5xx or a lost answer as any client would. KILL_EVERY_MS after the last
// one is back, one instance (in turn) gets SIGKILL and is started again at once, as a supervisor
// would. At the end
// the database is read: each acknowledged write's row is there, once when it was sent once (a
// write sent again after a lost answer may be there once per attempt: the killed instance may have
// committed the attempt whose answer it never sent). Every 5xx is matched to the instance that
// answered it (HAProxy's X-Stint-Instance) and to the kills. STINT_BENCH_KILL_SECONDS sets the
// length (default 60).
import pg from 'pg';
import { startTeamCluster, type TeamCluster, type TeamInstance } from '../test/support/teamCluster';
import { startBenchPostgres } from './benchPostgres';
import type { Benchmark, BenchResult } from './types';

const SECONDS = Number(process.env.STINT_BENCH_KILL_SECONDS ?? 60);
const WRITERS = 4;
const KILL_EVERY_MS = 5000;
/** A 5xx or a lost answer this long after a kill of the instance that gave it is the kill's. */
const KILL_BLAME_MS = 10_000;

interface Write {
  description: string;
  id: number;
  attempts: number;
}

interface Failure {
  at: number;
  status: number | null;
  instance: string | null;
}

interface Answer {
  status: number;
  /** HAProxy's server that answered (X-Stint-Instance). */
  instance: string | null;
  body: string;
}

interface Kill {
  at: number;
  instance: string;
}

async function post(cluster: TeamCluster, description: string): Promise<Answer | null> {
  try {
    const reply = await fetch(`${cluster.url}/v2/entries`, {
      method: 'POST',
      headers: { 'user-agent': 'StintBench/1.0', 'x-servicetoken': cluster.token, 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2026-01-05', minutes: 30, description }),
    });
    return { status: reply.status, instance: reply.headers.get('x-stint-instance'), body: await reply.text() };
  } catch {
    return null; // no answer (HAProxy closed the client connection when the instance died)
  }
}

/** One client writing until `running()` is false; every write sent until acknowledged (or refused with a 4xx). */
async function writer(
  cluster: TeamCluster,
  w: number,
  running: () => boolean,
  log: { acked: Write[]; failures: Failure[]; refused: string[] },
) {
  for (let n = 0; running(); n++) {
    const description = `kill-bench-${w}-${n}`;
    for (let attempt = 1; ; attempt++) {
      const answer = await post(cluster, description);
      if (answer?.status === 201) {
        log.acked.push({ description, id: (JSON.parse(answer.body) as { id: number }).id, attempts: attempt });
        break;
      }
      if (answer && answer.status < 500) {
        log.refused.push(`${answer.status} ${answer.body}`);
        break;
      }
      log.failures.push({ at: Date.now(), status: answer?.status ?? null, instance: answer?.instance ?? null });
      if (attempt >= 50) throw new Error(`${description}: no answer after 50 attempts`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Kills one instance in turn every KILL_EVERY_MS and starts it again at once. */
async function killer(cluster: TeamCluster, running: () => boolean, kills: Kill[]) {
  for (let k = 0; ; k++) {
    await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
    if (!running()) return;
    const victim: TeamInstance = cluster.instances[k % cluster.instances.length]!;
    process.kill(victim.pid, 'SIGKILL');
    kills.push({ at: Date.now(), instance: victim.name });
    await cluster.restart(victim);
  }
}

/** Rows of each acknowledged write's description in the database. */
async function stored(url: string): Promise<Map<string, number[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; description: string }>(
      `SELECT id::integer AS id, description FROM entries WHERE description LIKE 'kill-bench-%'`,
    );
    const byDescription = new Map<string, number[]>();
    for (const row of rows) byDescription.set(row.description, [...(byDescription.get(row.description) ?? []), row.id]);
    return byDescription;
  } finally {
    await client.end();
  }
}

const benchmark: Benchmark = async () => {
  const postgres = await startBenchPostgres();
  const database = await postgres.database();
  const cluster = await startTeamCluster({
    databaseUrl: database.url,
    env: { RATE_LIMIT: '0', LOG_LEVEL: 'warn', DRAIN_SECONDS: '2' },
  });
  const log = { acked: [] as Write[], failures: [] as Failure[], refused: [] as string[] };
  const kills: Kill[] = [];
  const started = Date.now();
  try {
    const running = () => Date.now() - started < SECONDS * 1000;
    await Promise.all([
      ...Array.from({ length: WRITERS }, (_, w) => writer(cluster, w, running, log)),
      killer(cluster, running, kills),
    ]);
    const rows = await stored(database.url);
    return rowsOf(log, kills, rows);
  } finally {
    await cluster.stop();
    await postgres.stop();
  }
};

function rowsOf(
  log: { acked: Write[]; failures: Failure[]; refused: string[] },
  kills: Kill[],
  rows: Map<string, number[]>,
): BenchResult[] {
  const once = log.acked.filter((w) => rows.get(w.description)?.length === 1 && rows.get(w.description)![0] === w.id);
  const missing = log.acked.filter((w) => !(rows.get(w.description) ?? []).includes(w.id));
  const sentOnce = log.acked.filter((w) => w.attempts === 1);
  const twiceSentOnce = sentOnce.filter((w) => (rows.get(w.description)?.length ?? 0) > 1);
  const extraOfRetried = log.acked
    .filter((w) => w.attempts > 1)
    .reduce((sum, w) => sum + Math.max(0, (rows.get(w.description)?.length ?? 0) - 1), 0);
  const fromKilled = (f: Failure) =>
    kills.some((k) => f.instance === k.instance && f.at >= k.at && f.at - k.at < KILL_BLAME_MS);
  const fiveXx = log.failures.filter((f) => f.status !== null);
  const blamed = fiveXx.filter(fromKilled);
  const byInstance = new Map<string, number>();
  for (const f of fiveXx)
    byInstance.set(`${f.instance}:${f.status}`, (byInstance.get(`${f.instance}:${f.status}`) ?? 0) + 1);
  const lost = log.failures.filter((f) => f.status === null);
  const setting = `${SECONDS} s, 3 instances (deploy/run-team.sh) behind HAProxy on one PostgreSQL, ${WRITERS} writers one POST at a time, SIGKILL to one instance in turn ${KILL_EVERY_MS / 1000} s after the previous one was started again and ready (${kills.length} kills)`;
  return [
    {
      name: 'kill -9 under writes through HAProxy: acknowledged writes present',
      value: log.acked.length - missing.length,
      unit: `of ${log.acked.length}`,
      target: 'all',
      met: missing.length === 0 && log.refused.length === 0,
      detail: `${setting}; ${(log.acked.length / SECONDS).toFixed(0)} acknowledged writes/s; ${log.refused.length} refused with a 4xx`,
    },
    {
      name: 'kill -9 under writes through HAProxy: writes sent once and stored twice',
      value: twiceSentOnce.length,
      unit: 'writes',
      target: '0',
      met: twiceSentOnce.length === 0,
      detail: `${once.length} of ${log.acked.length} acknowledged writes stored exactly once; ${sentOnce.length} sent once; ${log.acked.length - sentOnce.length} sent again after a 5xx or a lost answer, of which ${extraOfRetried} left an extra row (possible when the killed instance committed the attempt whose answer it never sent: the API has no idempotency key)`,
    },
    {
      name: 'kill -9 under writes through HAProxy: 5xx not from a killed instance',
      value: fiveXx.length - blamed.length,
      unit: '5xx',
      target: '0',
      met: fiveXx.length === blamed.length,
      detail: `${fiveXx.length} 5xx in all (by instance:status ${JSON.stringify(Object.fromEntries(byInstance))}), ${blamed.length} from an instance within ${KILL_BLAME_MS / 1000} s of its kill; ${lost.length} attempts without an answer (connection closed at a kill)`,
    },
  ];
}

export default benchmark;

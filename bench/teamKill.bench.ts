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
// Issue 29 item 4: every attempt of a write carries the write's own Idempotency-Key (its
// description), as Stint's client does per outbox operation, so a retry after a lost answer gets
// the first answer instead of a second row; a 409 (the key's first request still in progress, or
// its answer lost with its instance) is asked again, and `answer_lost` ends the write (its row is
// there, once, with no id to check). STINT_BENCH_KILL_KEYS=off sends no key: the numbers before.
import pg from 'pg';
import { startTeamCluster, type TeamCluster, type TeamInstance } from '../test/support/teamCluster';
import { startBenchPostgres } from './benchPostgres';
import type { Benchmark, BenchResult } from './types';

const SECONDS = Number(process.env.STINT_BENCH_KILL_SECONDS ?? 60);
const WRITERS = 4;
const KILL_EVERY_MS = 5000;
/** A 5xx or a lost answer this long after a kill of the instance that gave it is the kill's. */
const KILL_BLAME_MS = 10_000;
const KEYS = process.env.STINT_BENCH_KILL_KEYS !== 'off';
/** How long a write is asked again while its key's first request is in progress (409). */
const IN_PROGRESS_MS = 20_000;

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
  replayed: boolean;
}

interface Log {
  acked: Write[];
  failures: Failure[];
  refused: string[];
  /** Writes whose key's answer was lost with its instance (409 answer_lost): stored, not acknowledged. */
  answerLost: string[];
  /** 201s that were the kept first answer (Idempotent-Replayed). */
  replayed: number;
  /** 409s while the key's first request was in progress. */
  inProgress: number;
}

interface Kill {
  at: number;
  instance: string;
}

async function post(cluster: TeamCluster, description: string): Promise<Answer | null> {
  try {
    const reply = await fetch(`${cluster.url}/v2/entries`, {
      method: 'POST',
      headers: {
        'user-agent': 'StintBench/1.0',
        'x-servicetoken': cluster.token,
        'content-type': 'application/json',
        ...(KEYS ? { 'idempotency-key': description } : {}),
      },
      body: JSON.stringify({ date: '2026-01-05', minutes: 30, description }),
    });
    return {
      status: reply.status,
      instance: reply.headers.get('x-stint-instance'),
      body: await reply.text(),
      replayed: reply.headers.get('idempotent-replayed') === 'true',
    };
  } catch {
    return null; // no answer (HAProxy closed the client connection when the instance died)
  }
}

/** One client writing until `running()` is false; every write sent until acknowledged (or refused with a 4xx). */
async function writer(cluster: TeamCluster, w: number, running: () => boolean, log: Log) {
  for (let n = 0; running(); n++) {
    const description = `kill-bench-${w}-${n}`;
    const began = Date.now();
    for (let attempt = 1; ; attempt++) {
      const answer = await post(cluster, description);
      if (answer?.status === 201) {
        log.acked.push({ description, id: (JSON.parse(answer.body) as { id: number }).id, attempts: attempt });
        if (answer.replayed) log.replayed++;
        break;
      }
      if (answer?.status === 409 && answer.body.includes('answer_lost')) {
        log.answerLost.push(description);
        break;
      }
      if (answer?.status === 409 && Date.now() - began < IN_PROGRESS_MS) {
        log.inProgress++;
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
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
  const log: Log = { acked: [], failures: [], refused: [], answerLost: [], replayed: 0, inProgress: 0 };
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

function rowsOf(log: Log, kills: Kill[], rows: Map<string, number[]>): BenchResult[] {
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
  const retried = log.acked.filter((w) => w.attempts > 1);
  const retriedTwice = retried.filter((w) => (rows.get(w.description)?.length ?? 0) > 1);
  const lostTwice = log.answerLost.filter((d) => (rows.get(d)?.length ?? 0) !== 1);
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
      detail: `${once.length} of ${log.acked.length} acknowledged writes stored exactly once; ${sentOnce.length} sent once; ${log.acked.length - sentOnce.length} sent again after a 5xx or a lost answer, of which ${extraOfRetried} left an extra row`,
    },
    {
      name: 'kill -9 under writes through HAProxy: retried writes stored twice',
      value: retriedTwice.length + lostTwice.length,
      unit: 'writes',
      target: '0',
      met: retriedTwice.length + lostTwice.length === 0,
      detail: `Idempotency-Key ${KEYS ? "sent (the write's description)" : 'not sent (STINT_BENCH_KILL_KEYS=off)'}; ${retried.length} acknowledged writes sent more than once (${log.replayed} answered with the kept first answer), ${retriedTwice.length} of them stored more than once; ${log.answerLost.length} writes whose first answer was lost with its instance (409 answer_lost), ${lostTwice.length} of them not stored exactly once; ${log.inProgress} 409s while a key's first request was in progress`,
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

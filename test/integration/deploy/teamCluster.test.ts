// "Run it for a team" (README.md): deploy/run-team.sh starts three service instances on one
// PostgreSQL database (an empty one: the first instance migrates it) behind a real HAProxy with
// deploy/haproxy.cfg. Requests through the balancer answer; a stopped instance (SIGTERM) drains
// without losing a request; a killed one (SIGKILL) loses no acknowledged write and causes no
// error but its own requests'.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { exited, killTeamClusters, startTeamCluster, type TeamCluster, until } from '../../support/teamCluster';

let database: TestDatabase;
let cluster: TeamCluster;

beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
  // No rate limit: every client reaches the instances from HAProxy's one address.
  cluster = await startTeamCluster({ databaseUrl: database.url, env: { RATE_LIMIT: '0', DRAIN_SECONDS: '2' } });
}, 300_000);

afterAll(async () => {
  const code = await cluster?.stop();
  killTeamClusters();
  await database?.drop();
  expect(code ?? 0).toBe(0);
}, 60_000);

interface Answer {
  status: number;
  /** The HAProxy server that answered (X-Stint-Instance); '<NOSRV>' when none could. */
  instance: string | null;
  body: string;
}

async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const reply = await fetch(`${cluster.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'user-agent': 'TeamClusterTest/1',
      'x-servicetoken': cluster.token,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: reply.status, instance: reply.headers.get('x-stint-instance'), body: await reply.text() };
}

describe('three instances behind HAProxy on one PostgreSQL', () => {
  it('answers through the balancer, in turn from every instance, and each instance is ready', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 9; i++) answers.push(await call('/v2/current_user'));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['stint1', 'stint2', 'stint3']));
    // One database: what one instance writes, the next one reads.
    const created = await call('/v2/projects', { method: 'POST', body: { name: 'Shared by all' } });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await call('/v2/projects')).body).toContain('Shared by all');
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${instance.url}/livez`)).status).toBe(200);
      expect(await (await fetch(instance.metricsUrl)).text()).toContain('stint_http_requests_total');
    }
  });

  it('loses no request at the balancer when an instance is stopped (SIGTERM) under a steady load', async () => {
    const stopped = cluster.instances[1]!;
    const answers: Array<Answer | { error: string }> = [];
    let loading = true;
    const worker = async () => {
      while (loading) {
        try {
          answers.push(await call('/v2/current_user'));
        } catch (error) {
          answers.push({ error: String((error as Error).cause ?? error) });
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await until(() => answers.length >= 40, '40 answers before the stop');
    process.kill(stopped.pid, 'SIGTERM');
    await until(() => exited(stopped.pid), 'the stopped instance to exit');
    const atExit = answers.length;
    await until(() => answers.length >= atExit + 40, '40 answers after the stop');
    loading = false;
    await Promise.all(workers);

    const failures = answers.filter((a) => !('status' in a) || a.status !== 200);
    expect(failures).toEqual([]);
    // It drained, finished and exited by itself (its command prints Stopped just before exit 0).
    expect(stopped.log()).toMatch(/SIGTERM: draining/);
    expect(stopped.log()).toMatch(/Stopped/);
    // The balancer took it out: what came after its exit came from the others.
    expect(answers.slice(atExit).some((a) => 'instance' in a && a.instance === stopped.name)).toBe(false);
  }, 120_000);

  it('keeps every acknowledged write exactly once when an instance is killed (SIGKILL) under a write load', async () => {
    const killed = cluster.instances[2]!;
    const writers = 4;
    const perWriter = 25;
    const acked: Array<{ description: string; id: number; attempts: number }> = [];
    const failedAttempts: Array<{ description: string; status: number | null; instance: string | null }> = [];
    const refused: string[] = [];
    const write = async (description: string) => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        let answer: Answer | undefined;
        try {
          answer = await call('/v2/entries', {
            method: 'POST',
            body: { date: '2026-01-05', minutes: 30, description },
          });
        } catch {
          // No answer at all: unacknowledged, so the client sends it again. (HAProxy closes a
          // kept-alive client connection without an answer when the instance dies mid-request.)
        }
        if (answer?.status === 201) {
          acked.push({ description, id: (JSON.parse(answer.body) as { id: number }).id, attempts: attempt });
          return;
        }
        if (answer && answer.status < 500) {
          refused.push(`${description}: ${answer.status} ${answer.body}`);
          return;
        }
        failedAttempts.push({ description, status: answer?.status ?? null, instance: answer?.instance ?? null });
      }
    };
    const run = async (w: number) => {
      for (let n = 0; n < perWriter; n++) await write(`team-write-${w}-${n}`);
    };
    const load = Promise.all(Array.from({ length: writers }, (_, w) => run(w)));
    await until(() => acked.length >= 20, '20 acknowledged writes before the kill');
    process.kill(killed.pid, 'SIGKILL');
    await load;

    const seen = JSON.stringify({ failedAttempts, refused, retried: acked.filter((w) => w.attempts > 1) });
    expect(refused, seen).toEqual([]);
    expect(acked, seen).toHaveLength(writers * perWriter);
    // Only the requests the killed instance had taken fail: every 5xx names it (HAProxy's 502),
    // and at most one attempt per writer (the one in flight at the kill) goes unanswered.
    expect(
      failedAttempts.filter((f) => f.status !== null && f.instance !== killed.name),
      seen,
    ).toEqual([]);
    expect(failedAttempts.length, seen).toBeLessThanOrEqual(writers);
    expect(
      acked.every((write) => write.attempts <= 2),
      seen,
    ).toBe(true);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; description: string }>(
        `SELECT id::integer AS id, description FROM entries WHERE description LIKE 'team-write-%'`,
      );
      const byDescription = new Map<string, number[]>();
      for (const row of rows)
        byDescription.set(row.description, [...(byDescription.get(row.description) ?? []), row.id]);
      for (const write of acked) {
        const ids = byDescription.get(write.description) ?? [];
        // The acknowledged row is there.
        expect(ids, write.description).toContain(write.id);
        // Sent once: stored once. Sent again after an unanswered attempt: at most once per attempt
        // (the killed instance may have committed the attempt whose answer was lost).
        if (write.attempts === 1) expect(ids, write.description).toHaveLength(1);
        else expect(ids.length, write.description).toBeLessThanOrEqual(write.attempts);
      }
    } finally {
      await client.end();
    }
  }, 120_000);
});

// Issue 29 item 4 across an instance kill: deploy/run-team.sh's instances on one PostgreSQL. A
// POST with an Idempotency-Key reaches one instance, which commits it and dies (SIGKILL) as its
// answer starts out, so the client never reads it; the client sends it again, to another
// instance: it gets the first answer (the same entry), and the database holds one row, not two.
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { exited, killTeamClusters, startTeamCluster, type TeamCluster, until } from '../../support/teamCluster';

let database: TestDatabase;
let cluster: TeamCluster;

beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
  cluster = await startTeamCluster({
    databaseUrl: database.url,
    instances: 2,
    env: { RATE_LIMIT: '0', DRAIN_SECONDS: '1' },
  });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  killTeamClusters();
  await database?.drop();
}, 60_000);

const ENTRY = JSON.stringify({ date: '2026-01-05', minutes: 30, description: 'sent twice, stored once' });

const headers = (key: string) => ({
  'user-agent': 'IdempotencyKillTest/1',
  'x-servicetoken': cluster.token,
  'content-type': 'application/json',
  'idempotency-key': key,
});

/** POSTs the entry to `url` and SIGKILLs `pid` as soon as the answer's head arrives: the answer is lost. */
function postAndKill(url: string, key: string, pid: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/v2/entries`, { method: 'POST', headers: headers(key) }, (res) => {
      process.kill(pid, 'SIGKILL');
      res.destroy(); // the body is never read: the client does not know what happened
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end(ENTRY);
  });
}

async function rows(description: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'SELECT id::integer AS id FROM entries WHERE description = $1',
      [description],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

describe('an Idempotency-Key across an instance kill', () => {
  it('a write whose instance died as it answered, sent again to another instance, is stored once and answered as the first time', async () => {
    const [victim, other] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    await postAndKill(victim.url, 'op-killed', victim.pid);
    await until(() => exited(victim.pid), 'the killed instance to be gone');
    const stored = await rows('sent twice, stored once');
    expect(stored).toHaveLength(1); // the killed instance had committed it

    const retry = await fetch(`${other.url}/v2/entries`, {
      method: 'POST',
      headers: headers('op-killed'),
      body: ENTRY,
    });
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { id: number }).id).toBe(stored[0]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await rows('sent twice, stored once')).toEqual(stored);

    // The restarted instance answers it alike: nothing of it was in the dead one's memory.
    await cluster.restart(victim);
    const again = await fetch(`${victim.url}/v2/entries`, {
      method: 'POST',
      headers: headers('op-killed'),
      body: ENTRY,
    });
    expect(((await again.json()) as { id: number }).id).toBe(stored[0]);
    expect(await rows('sent twice, stored once')).toEqual(stored);
  });
});

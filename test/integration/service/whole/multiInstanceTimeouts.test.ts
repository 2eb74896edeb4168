// Issue 29 item 5: a write the service gave up on is not stored later, and health and metrics
// answer while every pooled connection waits. A separate connection holds `LOCK TABLE entries`
// while writers post to 2 instances (their pools fill and wait behind the lock) until each writer
// has its answer; once the lock is gone and the instances are idle, no write that was answered
// with a 5xx (or whose socket was cut, which a balancer answers 502) is in the database.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, testDatabase } from '../../../support/postgres';
import { instancesOnOneDatabase } from '../support/instancesSupport';
import { USER_AGENT } from '../support/support';

beforeAllWithPostgres(async () => {
  // Starts the shared cluster before the first test's clock runs.
  await (await testDatabase()).drop();
});

const WRITERS = 16;

type Outcome = { description: string; status: number | 'cut' };

describe('a write cut by a timeout across instances on one PostgreSQL database', () => {
  it('is never stored after its 5xx, and /readyz and /metrics answer while the pools wait behind a lock', async () => {
    const team = await instancesOnOneDatabase(2, {
      poolSize: 4,
      metricsPort: 0,
      // Shrunk so the test is quick: the database work of a request is cut after 2 s, the socket
      // of a silent request after 4 s (the defaults: 8 s and 10 s).
      tuning: {
        requestWorkMs: 2_000,
        connections: { headersMs: 4_000, requestMs: 4_000, idleMs: 4_000, keepAliveMs: 2_000, checkEveryMs: 500 },
      },
    });
    const token = team.services[0]!.token;
    const write = async (base: string, description: string): Promise<Outcome> => {
      try {
        const response = await fetch(`${base}/v2/entries`, {
          method: 'POST',
          headers: { 'user-agent': USER_AGENT, 'x-servicetoken': token, 'content-type': 'application/json' },
          body: JSON.stringify({ date: '2024-03-04', minutes: 30, description }),
        });
        await response.text();
        return { description, status: response.status };
      } catch {
        return { description, status: 'cut' };
      }
    };

    const locker = new pg.Client({ connectionString: team.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN; LOCK TABLE entries IN ACCESS EXCLUSIVE MODE');
      const writes = Promise.all(
        Array.from({ length: WRITERS }, (_, i) => write(team.services[i % 2]!.url, `writer ${i}`)),
      );
      // Every pooled connection of both instances is taken (waiting behind the lock), and callers queue.
      await expect.poll(() => team.stores.every((s) => s.pool.waitingCount > 0), { timeout: 20_000 }).toBe(true);
      // A bound only against hanging (generous for a loaded machine): they wait for no pool.
      const signal = () => AbortSignal.timeout(10_000);
      for (const service of team.services) {
        const ready = await fetch(`${service.url}/readyz`, { signal: signal() });
        expect(ready.status, await ready.text()).toBe(200);
        const metrics = await fetch(service.metricsUrl!, { signal: signal() });
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toContain('stint_db_pool_waiting');
      }
      const outcomes = await writes;
      const failed = outcomes.filter((o) => o.status !== 201);
      expect(failed.length, JSON.stringify(outcomes)).toBeGreaterThan(0);
      for (const o of failed) expect(o.status === 'cut' || o.status >= 500, JSON.stringify(o)).toBe(true);
      await locker.query('COMMIT');

      // Whatever was still running behind the lock has finished: every connection back, nobody waiting.
      await expect
        .poll(() => team.stores.every((s) => s.pool.waitingCount === 0 && s.pool.idleCount === s.pool.totalCount), {
          timeout: 20_000,
        })
        .toBe(true);
      // And the instances write again.
      for (const service of team.services) expect((await write(service.url, 'after')).status).toBe(201);
      const stored = new Set(await team.admin.column<string>('SELECT description FROM entries'));
      expect(failed.filter((o) => stored.has(o.description))).toEqual([]);
      for (const o of outcomes.filter((o) => o.status === 201)) expect(stored.has(o.description)).toBe(true);
    } finally {
      await locker.end();
    }
  }, 90_000);
});

// Issue 29 item 6, through the real HAProxy of deploy/run-team.sh (deploy/haproxy.cfg) in front of
// two instances on one PostgreSQL database with TRUST_PROXY=loopback, clients on the same host:
// an X-Forwarded-For the client writes changes nothing (HAProxy replaces it with the peer's
// address, so the rate limit counts the client whatever it claims); one address holds at most
// its share of connections (more are closed at once) and idle connections are closed within
// seconds, so idle sockets cannot fill HAProxy's maxconn and keep others out.
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { killTeamClusters, startTeamCluster, type TeamCluster } from '../../support/teamCluster';

const USER_AGENT = 'BalancerEdgesTest/1';
// Small for the test; run-team.sh's default is 100.
const PER_SOURCE = 12;

let database: TestDatabase;
let cluster: TeamCluster;

beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
  cluster = await startTeamCluster({
    databaseUrl: database.url,
    instances: 2,
    env: { RATE_LIMIT: '2', TRUST_PROXY: 'loopback', STINT_LB_CONNECTIONS_PER_SOURCE: String(PER_SOURCE) },
  });
}, 300_000);

afterAll(async () => {
  const code = await cluster?.stop();
  killTeamClusters();
  await database?.drop();
  expect(code ?? 0).toBe(0);
}, 60_000);

/** One request from `address` to the balancer; answers its status. */
function get(address: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${cluster.url}${path}`,
      { headers: { 'user-agent': USER_AGENT, ...headers }, localAddress: address, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * A socket to the balancer from `address`, made at `made`; `opened` and `closed` (by HAProxy)
 * resolve with performance.now(). A connection HAProxy refuses is reset before it ever opens.
 */
function rawSocket(address: string): {
  socket: Socket;
  made: number;
  opened: Promise<number>;
  closed: Promise<number>;
} {
  const { port } = new URL(cluster.url);
  const made = performance.now();
  const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: address });
  const opened = new Promise<number>((resolve) => socket.once('connect', () => resolve(performance.now())));
  const closed = new Promise<number>((resolve) => {
    socket.on('error', () => {}); // a reset is a close too
    socket.once('close', () => resolve(performance.now()));
  });
  return { socket, made, opened, closed };
}

describe('HAProxy in front of the team (deploy/haproxy.cfg)', () => {
  it('replaces a client-written X-Forwarded-For: 12 requests each claiming another address share one rate limit', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        get('127.0.0.41', '/v2/current_user', {
          'x-servicetoken': cluster.token,
          'x-forwarded-for': `203.0.113.${i + 1}`,
        }),
      ),
    );
    // 2 a second: 2 at once and 5 waiting their slot pass, the rest are refused, as for one client.
    // (With the header appended, each request was a client of its own and all 12 passed.)
    expect(statuses.filter((s) => s === 429).length, statuses.join()).toBeGreaterThanOrEqual(5);
    // Another address is counted apart.
    expect(await get('127.0.0.42', '/v2/current_user', { 'x-servicetoken': cluster.token })).toBe(200);
  }, 60_000);

  it('closes connections of one address beyond its share at once, and idle ones within seconds; others get through', async () => {
    const sockets = Array.from({ length: PER_SOURCE + 6 }, () => rawSocket('127.0.0.51'));
    for (const s of sockets) s.socket.resume();
    // Meanwhile another address is served at once.
    expect(await get('127.0.0.52', '/livez')).toBe(200);
    const closed = await Promise.all(sockets.map((s) => s.closed));
    const lifetimes = closed.map((at, i) => at - sockets[i]!.made);
    const seen = JSON.stringify(lifetimes.map(Math.round));
    // The 6 over the share are closed on arrival; the others, which never sent a request, after
    // `timeout http-request` (5 s): well under the 10 s that let idle sockets pile up.
    expect(
      lifetimes.filter((ms) => ms < 2_000),
      seen,
    ).toHaveLength(6);
    expect(
      lifetimes.filter((ms) => ms >= 2_000 && ms < 8_000),
      seen,
    ).toHaveLength(PER_SOURCE);
  }, 60_000);

  it('closes a kept-alive connection that stays idle after its answer within seconds', async () => {
    const { socket, opened, closed } = rawSocket('127.0.0.61');
    await opened;
    socket.setEncoding('utf8');
    let answer = '';
    const answered = new Promise<number>((resolve) =>
      socket.on('data', (chunk) => {
        answer += chunk;
        if (answer.includes('\r\n\r\n')) resolve(performance.now());
      }),
    );
    socket.write(`GET /livez HTTP/1.1\r\nHost: stint\r\nUser-Agent: ${USER_AGENT}\r\n\r\n`);
    const answeredAt = await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // `timeout http-keep-alive` (3 s) after the answer, not the 10 s of before.
    expect((await closed) - answeredAt).toBeLessThan(8_000);
  }, 60_000);
});

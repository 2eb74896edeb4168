// Issue 20's last proofs, through the real balancer: three instances (deploy/run-team.sh) on one
// PostgreSQL database behind HAProxy's round robin act as one service for a client who only sees
// the balancer. OAuth sign-in and consent, a revocation, the rate limit, webhook delivery and
// broadcasts, each with its requests spread over the instances (X-Stint-Instance names the one
// that answered). The instances trust HAProxy (TRUST_PROXY=loopback) and count the client: each
// test speaks from a loopback address of its own (127.0.0.x), so the rate limit of one test's
// client does not slow another's.
import { type Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addPersonalToken, generateToken } from '../../../service/auth/tokens';
import { openPostgresStore } from '../../../service/storage/postgresStore';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';
import { serviceCommand } from '../../support/serviceCommand';
import { killTeamClusters, startTeamCluster, type TeamCluster, until } from '../../support/teamCluster';
import { startReceiver } from '../service/support/deliverySupport';
import { CALLBACK } from '../service/support/oauthSupport';

const OWNER_PASSWORD = 'correct horse battery staple';
const USER_AGENT = 'TeamBehindProxyTest/1';

let database: TestDatabase;
let cluster: TeamCluster;
let secrets: string;

beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
  secrets = mkdtempSync(join(tmpdir(), 'stint-team-secrets-'));
  const passwordFile = join(secrets, 'owner-password');
  writeFileSync(passwordFile, OWNER_PASSWORD, { mode: 0o600 });
  cluster = await startTeamCluster({
    databaseUrl: database.url,
    env: {
      RATE_LIMIT: '2',
      TRUST_PROXY: 'loopback',
      STINT_OWNER_PASSWORD_FILE: passwordFile,
    },
  });
}, 300_000);

afterAll(async () => {
  const code = await cluster?.stop();
  killTeamClusters();
  await database?.drop();
  if (secrets) rmSync(secrets, { recursive: true, force: true });
  expect(code ?? 0).toBe(0);
}, 60_000);

interface Answer {
  status: number;
  /** HAProxy's server that answered: stint1, stint2 or stint3. */
  instance: string;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** ms from the request's start to its whole answer. */
  ms: number;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
}

/** A client of the balancer speaking from one loopback address (what HAProxy puts in X-Forwarded-For). */
function clientFrom(address: string) {
  const send = (path: string, call: Call = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(
        `${cluster.url}${path}`,
        {
          method: call.method ?? 'GET',
          headers: { 'user-agent': USER_AGENT, ...call.headers },
          ...(call.agent ? { agent: call.agent } : { localAddress: address }),
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              instance: String(res.headers['x-stint-instance']),
              headers: res.headers,
              text,
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(call.body);
    });
  const json = (token: string) => (method: string, path: string, body?: unknown) =>
    send(path, {
      method,
      headers: {
        'x-servicetoken': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { send, as: json, owner: json(cluster.token) };
}

const parsed = (answer: Answer) => JSON.parse(answer.text);

/** Each answer came from a different instance than the one before it: the steps really moved. */
function expectSpread(answers: Answer[]): void {
  const instances = answers.map((a) => a.instance);
  expect(
    instances.every((name) => /^stint[123]$/.test(name)),
    instances.join(),
  ).toBe(true);
  for (let i = 1; i < instances.length; i++) expect(instances[i], instances.join()).not.toBe(instances[i - 1]);
}

/** The hidden fields of a page's form (the OAuth pages post them back). */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  return fields;
}

/** `npm run service -- <command>` on the team's database, as an operator runs it beside the instances. */
async function operatorCommand(args: string[]): Promise<string> {
  const command = serviceCommand(args, { DATABASE_URL: database.url });
  const code = await command.exit;
  if (code !== 0) throw new Error(`${args[0]} exited ${code}: ${command.output()}`);
  return command.output();
}

describe('three instances behind a round-robin HAProxy on one PostgreSQL', () => {
  it('walk OAuth sign-in, consent, the code exchange and the token use, each step on another instance', async () => {
    const printed = await operatorCommand(['register-app', '--name', 'Team Timesheets', '--callback', CALLBACK]);
    const clientId = /client_id: (\S+)/.exec(printed)![1]!;
    const clientSecret = /client_secret[^:]*: (\S+)/.exec(printed)![1]!;
    const client = clientFrom('127.0.0.11');
    // The owner the first instance made (the command's default e-mail), with the password from the file.
    const ownerEmail = parsed(await client.owner('GET', '/v2/current_user')).email as string;
    const origin = cluster.url;
    let cookie = '';
    const form = async (fields: Record<string, string>) => {
      const answer = await client.send('/oauth/2/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
        body: new URLSearchParams(fields).toString(),
      });
      const set = answer.headers['set-cookie'];
      if (set) cookie = String(Array.isArray(set) ? set[0] : set).split(';')[0]!;
      return answer;
    };

    const query = new URLSearchParams({ client_id: clientId, response_type: 'code', state: 'team-1' });
    const signInPage = await client.send(`/oauth/2/authorize?${query}`);
    expect(signInPage.status, signInPage.text).toBe(200);
    cookie = String([signInPage.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const consentPage = await form({ ...formFields(signInPage.text), email: ownerEmail, password: OWNER_PASSWORD });
    expect(consentPage.status, consentPage.text).toBe(200);
    const consent = formFields(consentPage.text);
    expect(consent.ticket).toBeTruthy();
    const back = await form({ ...consent, action: 'allow' });
    expect(back.status, back.text).toBe(303);
    const location = new URL(String(back.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toBe('team-1');
    const exchanged = await client.send('/oauth/2/access_token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: CALLBACK,
      }).toString(),
    });
    expect(exchanged.status, exchanged.text).toBe(200);
    const accessToken = parsed(exchanged).access_token as string;
    expect(accessToken).toBeTruthy();
    const used = await client.send('/v2/current_user', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(used.status, used.text).toBe(200);
    expect(parsed(used).email).toBe(ownerEmail);
    // And on the other two instances too.
    const again = [
      await client.send('/v2/current_user', { headers: { authorization: `Bearer ${accessToken}` } }),
      await client.send('/v2/current_user', { headers: { authorization: `Bearer ${accessToken}` } }),
    ];
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    expectSpread([signInPage, consentPage, back, exchanged, used, ...again]);
  }, 120_000);

  it('refuse a deactivated user on whichever instance answers the next request', async () => {
    const client = clientFrom('127.0.0.12');
    const created = await client.owner('POST', '/v2/users', { email: 'leaving@team.test', role: 'leader' });
    expect(created.status, created.text).toBe(201);
    // The user's personal token, written by an operator's tool on the database.
    const token = generateToken();
    const store = await openPostgresStore({ url: database.url, poolSize: 1, migrate: false });
    try {
      await addPersonalToken(store, parsed(created).id, token, new Date().toISOString());
    } finally {
      await store.close();
    }
    const asLeaving = client.as(token);
    // Every instance has seen the user and the token (what a cache would keep).
    const before = [];
    for (let i = 0; i < 3; i++) before.push(await asLeaving('GET', '/v2/current_user'));
    expect(before.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(before.map((a) => a.instance)).size).toBe(3);

    const deactivated = await client.owner('PUT', `/v2/users/${parsed(created).id}/deactivate`);
    expect(deactivated.status, deactivated.text).toBe(204);
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await asLeaving('GET', '/v2/current_user'));
    expect(after.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(new Set(after.map((a) => a.instance)).size).toBe(3);
  }, 60_000);

  it('limit a burst of 20 from one client as one instance does: 2 at once, 5 delayed, 13 refused', async () => {
    const address = '127.0.0.13';
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 20, localAddress: address });
    const client = clientFrom(address);
    try {
      // Twenty open connections to HAProxy first (/livez is outside the rate limit), so that the
      // burst leaves at once and arrives within one interval of the limit, loaded machine or not.
      const warm = await Promise.all(Array.from({ length: 20 }, () => client.send('/livez', { agent })));
      expect(warm.map((a) => a.status)).toEqual(Array(20).fill(200));
      // Another client's request among the burst: counted apart, so it passes (were HAProxy the
      // client, 21 would share one budget of 7 and either it or one of the burst's would be refused).
      const other = clientFrom('127.0.0.16').owner('GET', '/v2/current_user');
      const burst = await Promise.all(
        Array.from({ length: 20 }, () =>
          client.send('/v2/current_user', { agent, headers: { 'x-servicetoken': cluster.token } }),
        ),
      );
      expect((await other).status).toBe(200);
      const ok = burst.filter((a) => a.status === 200).sort((a, b) => a.ms - b.ms);
      const refused = burst.filter((a) => a.status === 429);
      const seen = JSON.stringify(burst.map((a) => [a.status, a.instance, Math.round(a.ms)]));
      expect(ok, seen).toHaveLength(7);
      expect(refused, seen).toHaveLength(13);
      // Two at once, then one slot every half second whichever instance served it.
      expect(ok[6]!.ms, seen).toBeGreaterThanOrEqual(2000);
      expect(new Set(burst.map((a) => a.instance)).size, seen).toBe(3);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('deliver each webhook payload once, in order, one at a time, from entries created on every instance', async () => {
    const client = clientFrom('127.0.0.14');
    const receiver = await startReceiver();
    receiver.delayMs = () => Math.floor(Math.random() * 20); // deliveries overlap across instances
    const paths = ['/first', '/second'];
    for (const path of paths) {
      const made = await client.owner('POST', '/v2/webhooks', {
        name: `Hook ${path}`,
        payload_uri: `${receiver.url}${path}`,
        events: ['entry.created'],
      });
      expect(made.status, made.text).toBe(201);
    }
    const created: Answer[] = [];
    for (let i = 0; i < 12; i++)
      created.push(
        await client.owner('POST', '/v2/entries', { date: '2026-03-02', minutes: i + 1, description: `Delivery ${i}` }),
      );
    expect(created.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(new Set(created.map((a) => a.instance)).size).toBe(3);
    const ids = created.map((a) => parsed(a).id as number);
    for (const path of paths) await receiver.waitFor(13, path, 60_000);
    // A duplicate would come from the queue: once nothing is left to deliver, none can follow.
    await until(async () => (await undelivered()) === 0, 'the webhook queue to empty');
    for (const path of paths) {
      const got = receiver.on(path);
      expect(got.map((r) => r.body.type)).toEqual(['webhook.ping', ...ids.map(() => 'entry.created')]);
      expect(got.slice(1).map((r) => r.body.object.id)).toEqual(ids);
      expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(13);
      expect(receiver.maxOpen.get(path)).toBe(1);
    }
  }, 120_000);

  it('send one broadcast per receiver and interval though the timer changes hit different instances', async () => {
    const client = clientFrom('127.0.0.15');
    const receiver = await startReceiver();
    const made = await client.owner('POST', '/v2/broadcast_receivers', {
      name: 'Desk',
      payload_uri: `${receiver.url}/desk`,
      subjects: ['timer'],
    });
    expect(made.status, made.text).toBe(201);
    const project = await client.owner('POST', '/v2/projects', { name: 'Broadcast project' });
    expect(project.status, project.text).toBe(201);
    const timer = `/v2/projects/${parsed(project).id}/timer`;
    const changedAt = Date.now();
    const changes = [
      await client.owner('PUT', `${timer}/start`),
      await client.owner('PUT', `${timer}/pause`),
      await client.owner('PUT', `${timer}/start`),
    ];
    expect(changes.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(changes.map((a) => a.instance)).size).toBe(3);
    const [first] = await receiver.waitFor(1, '/desk', 60_000);
    // Coalesced: one interval (5 s) after the first change, carrying the last one.
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(5000 - 100);
    expect(first!.body.last_event).toBe('timer.running');
    // A second change, after the first broadcast: its broadcast comes an interval later. Anything
    // the other instances sent for the first interval (their own timers fire within a second or
    // two of the first) would have arrived before it.
    const secondAt = Date.now();
    const paused = await client.owner('PUT', `${timer}/pause`);
    expect(paused.status).toBe(200);
    const got = await receiver.waitFor(2, '/desk', 60_000);
    expect(got.map((r) => r.body.last_event)).toEqual(['timer.running', 'timer.paused']);
    expect(Date.now() - secondAt).toBeGreaterThanOrEqual(5000 - 1000);
  }, 120_000);
});

/** Webhook payloads not yet delivered, read on the database. */
async function undelivered(): Promise<number> {
  const store = await openPostgresStore({ url: database.url, poolSize: 1, migrate: false });
  try {
    const [count] = await store.column<number>("SELECT COUNT(*) FROM webhook_deliveries WHERE state <> 'delivered'");
    return Number(count);
  } finally {
    await store.close();
  }
}

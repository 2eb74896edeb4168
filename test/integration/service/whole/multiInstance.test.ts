// Issue 20: any number of instances started with one DATABASE_URL act as ONE service. Each test
// starts two or three real services in this process on one PostgreSQL database (each with its own
// pool, as separate processes would have) and spreads its requests over them: rate limit, sign-in
// throttle, OAuth consent tickets and CSRF forms, deactivated users and deleted tokens, start-up
// seeding, and absolute links.
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type RunningService, type ServiceOptions } from '../../../../service';
import { addPersonalToken, generateToken } from '../../../../service/auth/tokens';
import { registerApplication } from '../../../../service/oauth/applications';
import { setPassword } from '../../../../service/oauth/setPassword';
import { openPostgresStore } from '../../../../service/storage/postgresStore';
import type { Store } from '../../../../service/storage/store';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../../support/postgres';
import { Browser, CALLBACK } from '../support/oauthSupport';
import { Client, rawRequest, USER_AGENT } from '../support/support';
import { TEST_PASSWORD_COST, withTestPasswordCost } from '../../../support/passwordCost';

beforeAllWithPostgres(async () => {
  // Starts the shared cluster before the first test's clock runs.
  await (await testDatabase()).drop();
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database of the test cluster (migrated unless `empty`), dropped after the test. */
async function database(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const db = await testDatabase(options);
  cleanups.push(() => db.drop());
  return db;
}

/** A store on the database, as one more instance (or an operator's tool) would open it. */
async function storeOn(db: TestDatabase): Promise<Store> {
  const store = await openPostgresStore({ url: db.url, poolSize: 4 });
  cleanups.push(() => store.close());
  return store;
}

/** One instance of the service on the database. */
async function instance(db: TestDatabase, options: ServiceOptions = {}): Promise<RunningService> {
  const store = await openPostgresStore({ url: db.url, poolSize: 4 });
  const service = await startService({ rateLimit: 0, ...options, tuning: withTestPasswordCost(options.tuning), store });
  cleanups.push(() => service.close());
  return service;
}

/** `count` instances on one database, the first started alone (it makes the owner and token). */
async function instances(count: number, options: ServiceOptions = {}): Promise<RunningService[]> {
  const db = await database();
  const first = await instance(db, options);
  const token = options.token ?? first.token;
  const rest = await Promise.all(Array.from({ length: count - 1 }, () => instance(db, { ...options, token })));
  const all = [first, ...rest];
  for (const service of all) databases.set(service, db);
  return all;
}

/** The database each service of `instances` runs on. */
const databases = new WeakMap<RunningService, TestDatabase>();

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('several instances on one PostgreSQL database', () => {
  it('limit a burst of 20 from one client spread over 3 instances as one instance does: 1 at once, 5 delayed, 14 refused', async () => {
    // 1 a second: the burst may take up to a second to arrive on a loaded machine and still be one burst.
    const services = await instances(3, { rateLimit: 1 });
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const service = services[i % 3]!;
        const response = await fetch(`${service.url}/v2/current_user`, {
          headers: { 'user-agent': USER_AGENT, 'x-servicetoken': services[0]!.token },
        });
        return { status: response.status, text: await response.text(), ms: performance.now() - started };
      }),
    );
    const ok = replies.filter((r) => r.status === 200).sort((a, b) => a.ms - b.ms);
    const refused = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const r of refused) expect(r.text).toBe('');
    // The delayed ones are spread over their slots, whichever instance served them.
    expect(ok[5]!.ms).toBeGreaterThanOrEqual(4000);
  });

  it('check sign-ins of one e-mail one at a time across instances: a burst of 18 has 6 passwords checked', async () => {
    const services = await instances(3);
    const admin = await storeOn(await databaseOf(services));
    await setPassword(admin, services[0]!.ownerId, 'correct horse battery', {
      now: '2024-03-04T09:00:00Z',
      cost: TEST_PASSWORD_COST,
    });
    const email = (await new Client(services[0]!.url, services[0]!.token).get('/v2/current_user')).body.email;
    const statuses = await Promise.all(
      Array.from({ length: 18 }, async (_, i) => {
        const reply = await rawRequest(`${services[i % 3]!.url}/api/user/api_auth_token.json`, {
          headers: { 'user-agent': USER_AGENT, authorization: basic(email, `wrong password ${i}`) },
        });
        return reply.status;
      }),
    );
    // 5 free failures and the 6th, which starts the block; the other 12 are refused unchecked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
  }, 90_000); // six scrypt checks one after another: seconds on a loaded machine

  it('take a consent ticket issued by one instance on another, once; the CSRF field of one is good on all', async () => {
    const services = await instances(3, { ownerEmail: 'owner@stint.test', ownerPassword: 'correct horse battery' });
    const admin = await storeOn(await databaseOf(services));
    const { clientId } = await registerApplication(admin, { name: 'Timesheet Helper', callbackUrl: CALLBACK });
    const [a, b, c] = services.map((s) => new Browser(s.url));
    const signInPage = await a!.open({ client_id: clientId, response_type: 'code', state: 's1' });
    expect(signInPage.status).toBe(200);
    // The sign-in form of A posted to B: B must know A's CSRF key.
    b!.cookie = a!.cookie;
    const consent = await b!.post({
      ...signInPage.fields,
      email: 'owner@stint.test',
      password: 'correct horse battery',
    });
    expect(consent.status).toBe(200);
    expect(consent.fields.ticket).toBeTruthy();
    // B issued the ticket; C takes it, and A finds it used.
    c!.cookie = b!.cookie;
    a!.cookie = b!.cookie;
    const back = await c!.post({ ...consent.fields, action: 'allow' });
    expect(back.status).toBe(303);
    expect(new URL(back.location!).searchParams.get('code')).toBeTruthy();
    const again = await a!.post({ ...consent.fields, action: 'allow' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('already used');
  });

  it("take a sign-in form posted through the public URL's origin, whatever Host the proxy sends", async () => {
    const services = await instances(2, {
      ownerEmail: 'owner@stint.test',
      ownerPassword: 'correct horse battery',
      publicUrl: 'https://time.example.com',
    });
    const admin = await storeOn(await databaseOf(services));
    const { clientId } = await registerApplication(admin, { name: 'Timesheet Helper', callbackUrl: CALLBACK });
    const [a, b] = services.map((s) => new Browser(s.url));
    const signInPage = await a!.open({ client_id: clientId, response_type: 'code' });
    b!.cookie = a!.cookie;
    const fields = { ...signInPage.fields, email: 'owner@stint.test', password: 'correct horse battery' };
    expect((await b!.post(fields, { origin: 'https://time.example.com' })).status).toBe(200);
    expect((await b!.post(fields, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('refuse a user deactivated or deleted through another instance at the next request', async () => {
    const [a, b] = await instances(2);
    const owner = new Client(a!.url, a!.token);
    const admin = await storeOn(await databaseOf([a!]));
    const made = async (email: string) => {
      const created = await owner.post('/v2/users', { email, role: 'leader' });
      expect(created.status).toBe(201);
      const token = generateToken();
      await addPersonalToken(admin, created.body.id, token, '2024-03-04T09:00:00Z');
      return { id: created.body.id as number, onB: new Client(b!.url, token) };
    };
    const leaving = await made('leaving@example.test');
    const deleted = await made('deleted@example.test');
    // B has seen both tokens and users (what a cache would keep).
    expect((await leaving.onB.get('/v2/current_user')).status).toBe(200);
    expect((await deleted.onB.get('/v2/current_user')).status).toBe(200);

    expect((await owner.put(`/v2/users/${leaving.id}/deactivate`)).status).toBe(204);
    expect((await owner.del(`/v2/users/${deleted.id}`)).status).toBe(204);

    expect((await leaving.onB.get('/v2/current_user')).status).toBe(401);
    expect((await deleted.onB.get('/v2/current_user')).status).toBe(401);
  });

  it('make one owner and one token when three start at once on an empty database; a later start replaces neither, nor the password', async () => {
    const db = await database({ empty: true });
    const options = { ownerEmail: 'owner@stint.test', ownerPassword: 'first password 1' };
    // Each opens its pool (the first migrates, the others wait for it), then all three seed at once.
    const stores = await Promise.all([0, 1, 2].map(() => openPostgresStore({ url: db.url, poolSize: 4 })));
    const services = await Promise.all(
      stores.map((store) => startService({ rateLimit: 0, ...options, tuning: withTestPasswordCost(), store })),
    );
    for (const service of services) cleanups.push(() => service.close());
    const admin = await storeOn(db);
    expect(await admin.column('SELECT COUNT(*) FROM accounts')).toEqual([1]);
    expect(await admin.column("SELECT COUNT(*) FROM users WHERE role = 'owner'")).toEqual([1]);
    expect(await admin.column('SELECT COUNT(*) FROM personal_tokens')).toEqual([1]);
    const made = services.filter((s) => s.tokenCreated);
    expect(made).toHaveLength(1);
    const token = made[0]!.token;
    for (const s of services) expect((await new Client(s.url, token).get('/v2/current_user')).status).toBe(200);

    const later = await instance(db, { ownerEmail: 'someone@else.test', ownerPassword: 'second password 2' });
    expect(later.tokenCreated).toBe(false);
    expect(later.ownerId).toBe(services[0]!.ownerId);
    expect((await new Client(later.url, token).get('/v2/current_user')).body.email).toBe('owner@stint.test');
    const signIn = (password: string) =>
      rawRequest(`${later.url}/api/user/api_auth_token.json`, {
        headers: { 'user-agent': USER_AGENT, authorization: basic('owner@stint.test', password) },
      });
    expect((await signIn('first password 1')).status).toBe(200);
    expect((await signIn('second password 2')).status).toBe(401);
  });

  it('write absolute links from the public URL on every instance, never from the Host header', async () => {
    const services = await instances(2, { publicUrl: 'https://stint.example.com' });
    for (const service of services) {
      const reply = await rawRequest(`${service.url}/v2/projects`, {
        method: 'POST',
        headers: {
          'user-agent': USER_AGENT,
          'x-servicetoken': services[0]!.token,
          'content-type': 'application/json',
          host: 'attacker.example',
        },
        body: JSON.stringify({ name: `Links ${service.port}` }),
      });
      expect(reply.status).toBe(201);
      const project = JSON.parse(reply.text);
      expect(reply.headers.location).toBe(`https://stint.example.com/v2/projects/${project.id}`);
      expect(project.url).toBe(`https://stint.example.com/v2/projects/${project.id}`);
    }
    // A webhook payload written by either instance carries the same links.
    const owner = new Client(services[1]!.url, services[0]!.token);
    expect(
      (
        await owner.post('/v2/webhooks', {
          name: 'Hook',
          payload_uri: 'https://hooks.example.test/in',
          events: ['entry.created'],
        })
      ).status,
    ).toBe(201);
    const entry = await owner.post('/v2/entries', { date: '2024-03-04', minutes: 30 });
    expect(entry.status).toBe(201);
    const admin = await storeOn(await databaseOf(services));
    const bodies = await admin.column<string>("SELECT body FROM webhook_deliveries WHERE event = 'entry.created'");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain(`"https://stint.example.com/v2/entries/${entry.body.id}"`);
  });
});

async function databaseOf(services: RunningService[]): Promise<TestDatabase> {
  const found = databases.get(services[0]!);
  if (!found) throw new Error('no database recorded for this service');
  return found;
}

// Which calls are repeated after which failures, and what the caller is told when they are not.
// The server here is a fault double (drops, silence, 5xx, 429), not the service.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api/errors';
import { OAuthError } from '../../../main/api/oauth';
import type { ServiceApi } from '../../../main/api/types';
import { InstantClock } from './fakeClock';
import { inTurn, json, refusedUrl, startFaultServer, type Cue, type FaultServer } from './faultServer';
import { createServiceApi, createOAuthClient, overEachWire } from './wires';

let server: FaultServer;
afterEach(() => server?.close());

const timer = { id: 1, state: 'running' };
const entry = { id: 7, minutes: 30 };

function client(url: string, extra: { retries?: number; timeoutMs?: number } = {}) {
  const clock = new InstantClock();
  const api = createServiceApi({
    baseUrl: url,
    credentials: { kind: 'personal', token: 't' },
    rateLimit: 0,
    clock,
    random: () => 0.5,
    ...extra,
  });
  return { api, clock };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// Every call of the client with the answer it expects, grouped by whether a repeat is harmless.
const safeCalls: Array<[string, (api: ServiceApi) => Promise<unknown>, unknown]> = [
  ['GET current_user', (api) => api.getCurrentUser(), { id: 1 }],
  ['GET timer', (api) => api.getTimer(3), timer],
  ['GET entries (list)', (api) => drain(api.listEntries()), []],
  ['PUT current_user', (api) => api.updateCurrentUser({ first_name: 'A' }), { id: 1 }],
  ['PUT timer (description)', (api) => api.updateTimer(3, { description: 'x' }), timer],
  ['PUT timer/start', (api) => api.startTimer(3), timer],
  ['PUT timer/pause', (api) => api.pauseTimer(3), timer],
  ['PUT projects/:id/archive', (api) => api.archiveProject(3), undefined],
  ['PUT projects/:id/unarchive', (api) => api.unarchiveProject(3), undefined],
  ['PUT projects/:id', (api) => api.updateProject(3, { name: 'n' }), { id: 3 }],
  ['PUT entries/:id', (api) => api.updateEntry(7, { minutes: 5 }), entry],
  ['GET projects/:id/expenses (list)', (api) => drain(api.listProjectExpenses(3)), []],
  ['GET users/:id', (api) => api.getUser(4), { id: 4 }],
  ['PUT users/:id/deactivate', (api) => api.deactivateUser(4), undefined],
  ['PUT users/:id/give_access_to_projects', (api) => api.giveAccessToProjects(4, [3]), undefined],
  ['PUT projects/archive (bulk)', (api) => api.archiveProjects([3]), undefined],
  ['POST project_groups/:id/add_projects', (api) => api.addProjectsToGroup(5, [3]), []],
  ['POST teams/:id/add_users', (api) => api.addUsersToTeam(6, [4]), []],
  ['PUT teams/:id/remove_all_users', (api) => api.removeAllUsersFromTeam(6), undefined],
  ['PUT tags/:id', (api) => api.updateTag(8, { name: 'n' }), { id: 8 }],
  ['PUT entries/approved (bulk)', (api) => api.approveEntries([7]), undefined],
  ['PUT entries/:id/marked_as_invoiced', (api) => api.markEntryInvoiced(7, '2025-01-01'), undefined],
  ['PUT expenses/:id', (api) => api.updateExpense(9, { date: '2025-01-01', project_id: 3, price: 1 }), { id: 9 }],
  ['PUT webhooks/:id/add_events', (api) => api.addWebhookEvents(2, ['*']), { id: 2 }],
  ['PUT broadcast_receivers/:id/disable', (api) => api.disableBroadcastReceiver(2), undefined],
  [
    'GET subdomains (token management)',
    (api) => api.tokenManagement({ username: 'u', password: 'p' }).listSubdomains(),
    [],
  ],
];

const unsafeCalls: Array<[string, (api: ServiceApi) => Promise<unknown>]> = [
  ['POST entries', (api) => api.createEntry({ date: '2025-01-01', minutes: 30 })],
  ['POST projects', (api) => api.createProject({ name: 'n' })],
  ['POST tags', (api) => api.createTags(['a'])],
  ['PUT timer/log', (api) => api.logTimer(3)],
  ['PUT timer/add_or_subtract_time', (api) => api.addOrSubtractTime(3, { minutes: 5 })],
  ['DELETE timer', (api) => api.deleteTimer(3)],
  ['DELETE project', (api) => api.deleteProject(3)],
  ['PUT projects/:id/merge', (api) => api.mergeProject(3, 4)],
  ['PUT projects/delete (bulk)', (api) => api.deleteProjects([3])],
  ['POST users', (api) => api.createUser({ email: 'a@b.c' })],
  ['POST teams', (api) => api.createTeam({ name: 'n', user_ids: [] })],
  ['PUT tags/:id/merge', (api) => api.mergeTag(8, 9)],
  ['PUT tags/delete (bulk)', (api) => api.deleteTags([8])],
  ['PUT entries/:id/approved', (api) => api.approveEntry(7)],
  ['PUT entries/:id/unapproved', (api) => api.unapproveEntry(7)],
  ['DELETE entry', (api) => api.deleteEntry(7)],
  ['POST expenses', (api) => api.createExpense({ date: '2025-01-01', project_id: 3, price: 1 })],
  ['POST invoices', (api) => api.createInvoice({ invoice_date: '2025-01-01' })],
  ['POST webhooks', (api) => api.createWebhook({ name: 'n', payload_uri: 'http://x', events: ['*'] })],
  ['PUT webhooks/:id/ping', (api) => api.pingWebhook(2)],
  ['PUT webhooks/:id/retry/:payload_id', (api) => api.retryWebhookPayload(2, 'p')],
  ['PUT webhooks/:id/reroll_secret', (api) => api.rerollWebhookSecret(2)],
  ['PUT broadcast_receivers/:id/reroll_secret', (api) => api.rerollBroadcastReceiverSecret(2)],
  ['POST inbox_entries/:id/log', (api) => api.logInboxEntry(1)],
  [
    'POST authorizations (token management)',
    (api) =>
      api
        .tokenManagement({ username: 'u', password: 'p' })
        .createAuthorization('s', { client_id: 'c', client_secret: 'x' }),
  ],
];

async function drain(items: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of items) void _;
}

const ok = (body: unknown): Cue => (body === undefined ? { status: 204 } : json(200, body));

overEachWire(() => {
  describe('calls safe to repeat', () => {
    it.each(safeCalls)('%s is repeated after a dropped connection and a 500', async (_name, call, body) => {
      server = await startFaultServer(inTurn('drop', json(500, { message: 'boom' }), ok(body)));
      const { api, clock } = client(server.url);
      await call(api);
      expect(server.seen).toHaveLength(3);
      expect(clock.sleeps).toHaveLength(2);
    });

    it('gives up after `retries` repeats: unavailable for a 5xx, network for silence', async () => {
      server = await startFaultServer(() => json(502, { message: 'Bad gateway' }));
      const { api } = client(server.url, { retries: 2 });
      const e = await failure(api.getCurrentUser());
      expect(e.kind).toBe('unavailable');
      expect(e.status).toBe(502);
      expect(e.retryable).toBe(true);
      expect(server.seen).toHaveLength(3);

      server.answer(() => 'drop');
      const dropped = await failure(api.pauseTimer(3));
      expect(dropped.kind).toBe('network');
      expect(server.seen).toHaveLength(6);
    });

    it('times out an attempt that gets no answer, then repeats it', async () => {
      server = await startFaultServer(inTurn('hang', ok(timer)));
      const { api } = client(server.url, { timeoutMs: 150 });
      expect(await api.getTimer(3)).toEqual(timer);
      expect(server.seen).toHaveLength(2);
    });
  });
});

overEachWire(() => {
  describe('calls not safe to repeat', () => {
    it.each(unsafeCalls)(
      '%s is sent once and reported as unknown_outcome when the connection drops after sending',
      async (_name, call) => {
        server = await startFaultServer(() => 'drop');
        const { api, clock } = client(server.url);
        const e = await failure(call(api));
        expect(e.kind).toBe('unknown_outcome');
        expect(e.retryable).toBe(true);
        expect(server.seen).toHaveLength(1);
        expect(clock.sleeps).toEqual([]);
      },
    );

    it.each(unsafeCalls)(
      '%s is reported as unknown_outcome after a 500 (the service may have acted), without a repeat',
      async (_name, call) => {
        server = await startFaultServer(() => json(500, { message: 'Internal error' }));
        const { api } = client(server.url);
        const e = await failure(call(api));
        expect(e.kind).toBe('unknown_outcome');
        expect(e.status).toBe(500);
        expect(e.message).toContain('Internal error');
        expect(server.seen).toHaveLength(1);
      },
    );

    // A gateway may answer any of them after passing the request on: the service may have acted.
    it.each([500, 502, 503, 504])('reports a %i as unknown_outcome too, without a repeat', async (status) => {
      server = await startFaultServer(() => json(status, { message: 'Service Unavailable' }));
      const { api, clock } = client(server.url);
      const e = await failure(api.createEntry({ date: '2025-01-01', minutes: 30 }));
      expect(e.kind).toBe('unknown_outcome');
      expect(e.status).toBe(status);
      expect(e.retryable).toBe(true);
      expect(server.seen).toHaveLength(1);
      expect(clock.sleeps).toEqual([]);
    });

    it('reports a timeout after sending as unknown_outcome', async () => {
      server = await startFaultServer(() => 'hang');
      const { api } = client(server.url, { timeoutMs: 150 });
      const e = await failure(api.logTimer(3, { minutes: 30 }));
      expect(e.kind).toBe('unknown_outcome');
      expect(server.seen).toHaveLength(1);
    });
  });
});

overEachWire(() => {
  describe('the OAuth token endpoint', () => {
    it('a refresh answered 5xx with an OAuth server_error is sent once and reported as unknown_outcome (the token may have rotated)', async () => {
      server = await startFaultServer(() => json(500, { error: 'server_error', error_description: 'upstream failed' }));
      const tokens = createOAuthClient({
        authUrl: server.url,
        clientId: 'c',
        clientSecret: 's',
        rateLimit: 0,
        clock: new InstantClock(),
      });
      const e = await failure(tokens.refresh('refresh-1'));
      expect(e).toBeInstanceOf(OAuthError);
      expect(e).toMatchObject({ kind: 'unknown_outcome', status: 500, error: 'server_error' });
      expect(server.seen).toHaveLength(1);
    });
  });
});

overEachWire(() => {
  describe('token-management calls', () => {
    it('go to the auth host with Basic credentials instead of the token, by the same retry rules', async () => {
      server = await startFaultServer(inTurn('drop', json(200, [])));
      const api = client(await refusedUrl()).api;
      const tokens = api.tokenManagement({ username: 'me@example.test', password: 'pw', authUrl: `${server.url}/` });
      expect(await tokens.listSubdomains()).toEqual([]);
      expect(server.seen.map((s) => s.url)).toEqual(['/subdomains', '/subdomains']);
      expect(server.seen[1].headers.authorization).toBe(
        `Basic ${Buffer.from('me@example.test:pw').toString('base64')}`,
      );
      expect(server.seen[1].headers['x-servicetoken']).toBeUndefined();
    });
  });
});

overEachWire(() => {
  describe('failures every call may repeat', () => {
    it('a refused connection never reached the service: retried, then reported as network', async () => {
      const { api, clock } = client(await refusedUrl(), { retries: 3 });
      const e = await failure(api.createEntry({ date: '2025-01-01', minutes: 30 }));
      expect(e.kind).toBe('network');
      expect(e.message).toMatch(/ECONNREFUSED/);
      expect(clock.sleeps).toHaveLength(3);
    });

    it('429 is retried for any call, after the Retry-After wait', async () => {
      server = await startFaultServer(inTurn({ status: 429, headers: { 'Retry-After': '2' } }, json(201, entry)));
      const { api, clock } = client(server.url);
      expect(await api.createEntry({ date: '2025-01-01', minutes: 30 })).toEqual(entry);
      expect(server.seen).toHaveLength(2);
      expect(clock.sleeps).toEqual([2000]);
    });

    it('429 without Retry-After waits at least a second', async () => {
      server = await startFaultServer(inTurn({ status: 429 }, { status: 429 }, { status: 204 }));
      const { api, clock } = client(server.url);
      await api.logTimer(3);
      expect(clock.sleeps).toHaveLength(2);
      for (const ms of clock.sleeps) expect(ms).toBeGreaterThanOrEqual(1000);
    });

    it('429 is reported as rate_limited when it persists, or when the wait asked is too long to hold a call', async () => {
      server = await startFaultServer(() => ({ status: 429 }));
      const { api } = client(server.url, { retries: 2 });
      const e = await failure(api.getCurrentUser());
      expect(e.kind).toBe('rate_limited');
      expect(server.seen).toHaveLength(3);

      expect(e.retryAfterMs).toBeNull();

      server.answer(() => ({ status: 429, headers: { 'Retry-After': '3600' } }));
      const long = await failure(api.getCurrentUser());
      expect(long.kind).toBe('rate_limited');
      expect(server.seen).toHaveLength(4);
      // The wait goes with the error, for whoever sends again later, and the user reads it.
      expect(long.retryAfterMs).toBe(3_600_000);
      expect(long.message).toContain('try again in 60 min');
    });

    it('429 with no retries left carries the wait it asked for', async () => {
      server = await startFaultServer(() => ({ status: 429, headers: { 'Retry-After': '2' } }));
      const { api, clock } = client(server.url, { retries: 0 });
      const e = await failure(api.getCurrentUser());
      expect(e).toMatchObject({ kind: 'rate_limited', retryAfterMs: 2000 });
      expect(e.message).toContain('try again in 2 s');
      expect(clock.sleeps).toEqual([]);
    });
  });
});

overEachWire(() => {
  describe('backoff between repeats', () => {
    it('grows exponentially with full jitter and stays under the cap', async () => {
      server = await startFaultServer(() => 'drop');
      const clock = new InstantClock();
      const api = createServiceApi({
        baseUrl: server.url,
        credentials: { kind: 'personal', token: 't' },
        rateLimit: 0,
        clock,
        retries: 7,
        random: () => 0.999,
      });
      await failure(api.getCurrentUser());
      expect(clock.sleeps).toEqual([499, 999, 1998, 3996, 7992, 9990, 9990]);
    });

    it('takes another policy (tests run it in milliseconds); a 429 then waits at most its cap', async () => {
      server = await startFaultServer(() => 'drop');
      const clock = new InstantClock();
      const backoff = { baseMs: 5, capMs: 20 };
      const api = createServiceApi({
        baseUrl: server.url,
        credentials: { kind: 'personal', token: 't' },
        rateLimit: 0,
        clock,
        retries: 4,
        random: () => 0.999,
        backoff,
      });
      await failure(api.getCurrentUser());
      expect(clock.sleeps).toEqual([4, 9, 19, 19]);

      server.answer(() => ({ status: 429 }));
      clock.sleeps.length = 0;
      await failure(api.getCurrentUser());
      expect(clock.sleeps).toEqual([20, 20, 20, 20]);
    });
  });
});

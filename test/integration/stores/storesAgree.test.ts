// The two stores are one service: random sequences of requests (fast-check), sent to a service on
// SQLite and to one on PostgreSQL on the same clock, get the same answers: status, body and the
// headers a client reads (Location, Link, X-Total-Count). Addresses differ only by port, which is
// normalised. Ids and timestamps are compared as they are: both services start empty, give ids
// in the same order and read time from the same manual clock, so any difference there is a
// difference of the stores (a sequence that skips a value on PostgreSQL, a date written in
// another form). A failure prints the shrunk sequence, which replays with fast-check's seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../../service';
import { postgresTestStore } from '../../support/postgresService';
import { Client, manualClock, type Reply } from '../service/support/support';

type Step =
  | { kind: 'project'; name: string; increment: number }
  | { kind: 'renameProject'; pick: number; name: string }
  | { kind: 'archive'; pick: number; archive: boolean }
  | { kind: 'entry'; pick: number; minutes: number | string; date: string; description: string }
  | { kind: 'editEntry'; pick: number; minutes: number | string; description: string }
  | { kind: 'deleteEntry'; pick: number }
  | { kind: 'timer'; pick: number; action: 'start' | 'pause' | 'log' | 'describe'; description: string }
  | { kind: 'tags'; names: string[] }
  | { kind: 'user'; email: string }
  | { kind: 'v1entry'; minutes: string; projectName: string; description: string }
  | { kind: 'list'; path: string }
  | { kind: 'tick'; ms: number };

const NAMES = ['Website', 'website', 'Acme Corp', 'Zeta', 'Ärger', 'a_b', '  Padded  ', ''];
const WORDS = ['call', '#meeting', '#Design*', 'review', '#meeting', 'notes #x-1', 'ünïcode', ''];
const description = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((w) => w.join(' '));
const minutes = fc.oneof(fc.integer({ min: -5, max: 1500 }), fc.constantFrom('1:30', '0:07', '2h', 'x', '90'));
const date = fc.constantFrom('2024-03-01', '2024-03-04', '2024-02-29', '2024-13-01', '2023-12-31');
const pick = fc.nat(20);
const listPaths = fc.constantFrom(
  '/v2/entries',
  '/v2/entries?per_page=2&page=2',
  '/v2/entries?from=2024-03-02&to=2024-03-31',
  '/v2/entries?tag_filter=meeting',
  '/v2/entries?billable=false',
  '/v2/entries?description=call',
  '/v2/projects',
  '/v2/projects?name=web',
  '/v2/projects?sort=name&archived=true',
  '/v2/tags',
  '/v2/tags?name=MEET',
  '/v2/timers',
  '/v2/users?name=ann',
  '/v2/current_user',
  '/api/entries.json?search[tags]=meeting',
  '/api/projects.json',
);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('project' as const),
    name: fc.constantFrom(...NAMES),
    increment: fc.constantFrom(1, 6, 15, 7),
  }),
  fc.record({ kind: fc.constant('renameProject' as const), pick, name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('archive' as const), pick, archive: fc.boolean() }),
  fc.record({ kind: fc.constant('entry' as const), pick, minutes, date, description }),
  fc.record({ kind: fc.constant('editEntry' as const), pick, minutes, description }),
  fc.record({ kind: fc.constant('deleteEntry' as const), pick }),
  fc.record({
    kind: fc.constant('timer' as const),
    pick,
    action: fc.constantFrom('start' as const, 'pause' as const, 'log' as const, 'describe' as const),
    description,
  }),
  fc.record({
    kind: fc.constant('tags' as const),
    names: fc.array(fc.constantFrom(...WORDS, 'Meeting', 'x*'), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('user' as const),
    email: fc.constantFrom('ann@example.com', 'ANN@example.com', 'bo@example.com', 'bad'),
  }),
  fc.record({
    kind: fc.constant('v1entry' as const),
    minutes: fc.constantFrom('1:00', '0:15', '25'),
    projectName: fc.constantFrom('Website', 'website', 'V1 only'),
    description: fc.constantFrom('call, client', 'meeting #x', ''),
  }),
  fc.record({ kind: fc.constant('list' as const), path: listPaths }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(1_000, 61_000, 3_600_000) }),
);

/** One service's view of the run: its client and the ids it answered, in order. */
interface Side {
  client: Client;
  projects: number[];
  entries: number[];
}

const choose = (ids: number[], n: number) => (ids.length ? ids[n % ids.length] : 999_999);

async function send(side: Side, s: Step): Promise<Reply | undefined> {
  const { client } = side;
  const project = choose(side.projects, 'pick' in s ? s.pick : 0);
  const entry = choose(side.entries, 'pick' in s ? s.pick : 0);
  switch (s.kind) {
    case 'project':
      return remember(
        side.projects,
        await client.post('/v2/projects', { name: s.name, billing_increment: s.increment }),
      );
    case 'renameProject':
      return client.put(`/v2/projects/${project}`, { name: s.name });
    case 'archive':
      return client.put(`/v2/projects/${project}/${s.archive ? 'archive' : 'activate'}`);
    case 'entry':
      return remember(
        side.entries,
        await client.post('/v2/entries', {
          project_id: project,
          minutes: s.minutes,
          date: s.date,
          description: s.description,
        }),
      );
    case 'editEntry':
      return client.put(`/v2/entries/${entry}`, { minutes: s.minutes, description: s.description });
    case 'deleteEntry':
      return client.del(`/v2/entries/${entry}`);
    case 'timer':
      return s.action === 'describe'
        ? client.put(`/v2/projects/${project}/timer`, { description: s.description })
        : client.put(`/v2/projects/${project}/timer/${s.action}`);
    case 'tags':
      return client.post('/v2/tags', { names: s.names });
    case 'user':
      return client.post('/v2/users', { email: s.email, first_name: 'Ann' });
    case 'v1entry':
      return client.call('POST', '/api/entries.json', {
        entry: { minutes: s.minutes, date: '2024-03-04', 'project-name': s.projectName, description: s.description },
      });
    case 'list':
      return client.get(s.path);
    case 'tick':
      return undefined;
  }
}

function remember(ids: number[], reply: Reply): Reply {
  if (reply.status === 201 && typeof reply.body?.id === 'number') ids.push(reply.body.id);
  return reply;
}

/** What a client reads of an answer, with the service's own address replaced. */
function seen(reply: Reply | undefined, base: string) {
  if (!reply) return undefined;
  const strip = (text: string | null) => text?.split(base).join('BASE') ?? null;
  return {
    status: reply.status,
    location: strip(reply.headers.get('location')),
    link: strip(reply.headers.get('link')),
    total: reply.headers.get('x-total-count'),
    type: reply.headers.get('content-type'),
    body: strip(reply.text),
  };
}

describe('a service on SQLite and one on PostgreSQL', () => {
  const clock = manualClock('2024-03-04T09:00:00Z');
  let services: RunningService[] = [];

  beforeAll(async () => {
    // Each property run gets services of its own (below); this only checks PostgreSQL is there.
    const store = await postgresTestStore();
    await store.close();
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    services = [];
  });

  it('answer every random sequence of requests alike', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        clock.set('2024-03-04T09:00:00Z');
        const token = 'stores-agree-token-0123456789abcdefghij';
        const sqlite = await startService({ rateLimit: 0, now: clock, token });
        const postgres = await startService({ rateLimit: 0, now: clock, token, store: await postgresTestStore() });
        services.push(sqlite, postgres);
        try {
          const a: Side = { client: new Client(sqlite.url, token), projects: [], entries: [] };
          const b: Side = { client: new Client(postgres.url, token), projects: [], entries: [] };
          for (const [i, s] of steps.entries()) {
            if (s.kind === 'tick') clock.advance(s.ms);
            const left = seen(await send(a, s), sqlite.url);
            const right = seen(await send(b, s), postgres.url);
            expect(right, `step ${i}: ${JSON.stringify(s)}`).toEqual(left);
          }
        } finally {
          services = services.filter((s) => s !== sqlite && s !== postgres);
          await Promise.all([sqlite.close(), postgres.close()]);
        }
      }),
      {
        numRuns: Number(process.env.STINT_STORES_RUNS ?? 25),
        // A counterexample printed by a failure, replayed first: STINT_STORES_EXAMPLE='[{"kind":…}, …]'.
        examples: process.env.STINT_STORES_EXAMPLE ? [[JSON.parse(process.env.STINT_STORES_EXAMPLE)]] : [],
      },
    );
  });
});

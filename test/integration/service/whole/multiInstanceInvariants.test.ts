// Issue 29 item 1: with no account-wide write lock, every invariant the lock used to hold still
// holds when 9 simultaneous requests reach 3 real instances on one PostgreSQL database: the
// project limit, unique project and tag names, an entry's tag links, v1's duplicate minute, and
// the rules of an entry that is being invoiced or approved while it is changed. 10 rounds each
// (one lucky round proves little).
import { describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, testDatabase } from '../../../support/postgres';
import { instancesOnOneDatabase } from '../support/instancesSupport';
import { Client, createProject, type Reply } from '../support/support';
import { V1 } from '../support/v1Support';

beforeAllWithPostgres(async () => {
  // Starts the shared cluster before the first test's clock runs.
  await (await testDatabase()).drop();
});

const ROUNDS = 10;
const RACERS = 9;

/** 3 instances, a client of the owner on each, and the 9 racers spread over them. */
async function team() {
  const instances = await instancesOnOneDatabase(3);
  const clients = instances.services.map((s) => new Client(s.url, instances.services[0]!.token));
  const raceOn = <T>(call: (client: Client, i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: RACERS }, (_, i) => call(clients[i % clients.length]!, i)));
  return { ...instances, clients, raceOn };
}

const statuses = (replies: Array<{ status: number }>) => replies.map((r) => r.status);
const codes = (reply: Reply) => (reply.body?.errors ?? []).map((e: { code: string }) => e.code);

describe('names and links across 3 instances, no account lock', () => {
  it('makes one project when 9 entries name the same new project at once; all 9 are in it', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Launch ${round}`;
      const replies = await t.raceOn((c) =>
        c.post('/v2/entries', { project_name: name, date: '2024-03-04', minutes: 15 }),
      );
      expect(statuses(replies), `round ${round}: ${replies.map((r) => r.text)}`).toEqual(Array(RACERS).fill(201));
      const ids = await t.admin.column<number>('SELECT id FROM projects WHERE name = ?', name);
      expect(ids, `round ${round}`).toHaveLength(1);
      expect(new Set(replies.map((r) => r.body.project.id))).toEqual(new Set(ids));
    }
  }, 120_000);

  it('creates a tag once when 9 POST /v2/tags race with its name: one reply has it, the others nothing', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const replies = await t.raceOn((c) => c.post('/v2/tags', { names: [`shared${round}`] }));
      expect(statuses(replies), `round ${round}: ${replies.map((r) => r.text)}`).toEqual(Array(RACERS).fill(201));
      expect(replies.map((r) => r.body.length).sort()).toEqual([...Array(RACERS - 1).fill(0), 1]);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM tags WHERE name = ?', `shared${round}`)).toEqual([1]);
    }
  }, 120_000);

  it('links every one of 9 racing entries to the two new tags they name (in either order), made once each', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = [`alpha${round}`, `beta${round}`];
      const replies = await t.raceOn((c, i) =>
        c.post('/v2/entries', {
          project_id: projectId,
          date: '2024-03-04',
          minutes: 15,
          // Half name them the other way round: creating both in one order must not deadlock.
          description: i % 2 ? `#${a} and #${b}` : `#${b} then #${a}`,
        }),
      );
      expect(statuses(replies), `round ${round}: ${replies.map((r) => r.text)}`).toEqual(Array(RACERS).fill(201));
      for (const reply of replies) expect(reply.body.tags.map((tag: { name: string }) => tag.name)).toEqual([a, b]);
      const tags = await t.admin.all<{ name: string; links: number }>(
        `SELECT t.name, (SELECT COUNT(*) FROM entry_tags et WHERE et.tag_id = t.id) AS links
           FROM tags t WHERE t.name IN (?, ?) ORDER BY t.name`,
        a,
        b,
      );
      expect(tags, `round ${round}`).toEqual([
        { name: a, links: RACERS },
        { name: b, links: RACERS },
      ]);
    }
  }, 120_000);
});

describe('counts across 3 instances, no account lock', () => {
  it('keeps the project limit when 9 entries each name a new project: as many made as there was room for', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      // Each round leaves room for 2 more projects: 2 of the 9 get one, 7 reach the limit.
      await t.admin.run('UPDATE accounts SET project_limit = ?', 2 * (round + 1));
      const replies = await t.raceOn((c, i) =>
        c.post('/v2/entries', { project_name: `Round ${round} project ${i}`, date: '2024-03-04', minutes: 15 }),
      );
      const made = replies.filter((r) => r.status === 201);
      expect(made, `round ${round}: ${statuses(replies)}`).toHaveLength(2);
      for (const lost of replies.filter((r) => r.status !== 201)) {
        expect(lost.status, lost.text).toBe(400);
        expect(codes(lost)).toEqual(['reached_project_limit']);
      }
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM projects')).toEqual([2 * (round + 1)]);
    }
  }, 120_000);

  it('keeps the project limit when 9 POST /v2/projects race for the last room', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      await t.admin.run('UPDATE accounts SET project_limit = ?', round + 1);
      const replies = await t.raceOn((c, i) => c.post('/v2/projects', { name: `Round ${round} project ${i}` }));
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}: ${statuses(replies)}`,
      ).toHaveLength(1);
      for (const lost of replies.filter((r) => r.status !== 201))
        expect(codes(lost)).toEqual(['reached_project_limit']);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM projects')).toEqual([round + 1]);
    }
  }, 120_000);

  it('refuses the same v1 entry sent 9 times at once after the first: one 201, eight 422', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const entry = { date: '2024-03-04', minutes: `0:${10 + round}`, 'project-id': projectId, description: 'call' };
      const replies = await t.raceOn((c) => V1.of(c).json('POST', '/api/entries.json', { entry }));
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}: ${statuses(replies)}`,
      ).toHaveLength(1);
      expect(replies.filter((r) => r.status === 422)).toHaveLength(RACERS - 1);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM entries WHERE minutes = ?', 10 + round)).toEqual([1]);
    }
  }, 120_000);
});

describe('an entry changed while it is invoiced or approved, across 3 instances', () => {
  it('invoices the minutes the entry keeps: edits racing with its invoice land before it, or are refused', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!, { billing_increment: 1 });
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await t.clients[0]!.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 30 });
      expect(entry.status).toBe(201);
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.post('/v2/invoices', {
              invoice_date: '2024-03-31',
              entry_ids: [entry.body.id],
              rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 60 },
            })
          : c.put(`/v2/entries/${entry.body.id}`, { minutes: 30 + i }),
      );
      expect(replies[0]!.status, replies[0]!.text).toBe(201);
      for (const edit of replies.slice(1)) {
        if (edit.status !== 200) expect(codes(edit), edit.text).toEqual(['already_invoiced']);
      }
      const [row] = await t.admin.all<{ minutes: number; cents: number }>(
        'SELECT e.minutes, i.taxable_cents + i.taxfree_cents AS cents FROM entries e JOIN invoices i ON i.id = e.invoice_id WHERE e.id = ?',
        entry.body.id,
      );
      // 60 an hour is 100 cents a minute: the invoice counted the minutes the entry has now.
      expect(row, `round ${round}: ${statuses(replies)}`).toEqual({ minutes: row!.minutes, cents: row!.minutes * 100 });
    }
  }, 120_000);

  it('never approves a deleted entry: 1 approval and 8 deletions racing end in one of the two', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await t.clients[0]!.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 30 });
      const replies = await t.raceOn((c, i) =>
        i === 0 ? c.put(`/v2/entries/${entry.body.id}/approved`, {}) : c.del(`/v2/entries/${entry.body.id}`),
      );
      const [approval, ...deletions] = replies;
      const left = await t.admin.column<number>('SELECT COUNT(*) FROM entries WHERE id = ?', entry.body.id);
      if (approval!.status === 204) {
        expect(left, `round ${round}: ${statuses(replies)}`).toEqual([1]);
        for (const d of deletions) expect([400, 404], d.text).toContain(d.status);
        for (const d of deletions.filter((r) => r.status === 400)) expect(codes(d)).toEqual(['approved_and_locked']);
      } else {
        expect(approval!.status, `round ${round}: ${statuses(replies)}`).toBe(404);
        expect(left).toEqual([0]);
        expect(deletions.filter((d) => d.status === 204)).toHaveLength(1);
      }
    }
  }, 120_000);
});

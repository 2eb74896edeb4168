// Issue 29 item 1, the areas that took the account-wide write lock last (tags' edits, projects'
// archive and delete, expenses, invoice numbering, approvals, users, teams, groups): each holds
// its rule with the narrowest tool (a row lock, a unique index, a lock on one count) when 9
// simultaneous requests reach 3 real instances on one PostgreSQL database. 10 rounds each (one
// lucky round proves little). A refused race answers the spec's error, never a 500.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../../wire/serviceTypesMoney';
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
const said = (replies: Reply[]) => replies.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join('\n');

/** Every reply is one of `allowed` (status and, for a 400, its one error code). */
function onlyAnswers(replies: Reply[], allowed: Array<number | string>, round: number): void {
  for (const r of replies) {
    const answer = r.status === 400 ? codes(r).join(',') : r.status;
    expect(allowed, `round ${round}:\n${said(replies)}`).toContain(answer);
  }
}

describe('tag edits across 3 instances, no account lock', () => {
  it('refuses a rename to a name an entry or another rename takes at the same moment: already_exists, never a 500', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const name = `taken${round}`;
      const made = await t.clients[0]!.post('/v2/tags', { names: [0, 1, 2, 3].map((i) => `r${round}x${i}`) });
      const ids: number[] = made.body.map((tag: { id: number }) => tag.id);
      // 4 renames of 4 tags to the one name, and 5 entries making it.
      const replies = await t.raceOn((c, i) =>
        i < 4
          ? c.put(`/v2/tags/${ids[i]}`, { name })
          : c.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 5, description: `#${name}` }),
      );
      const [renames, entries] = [replies.slice(0, 4), replies.slice(4)];
      onlyAnswers(renames, [200, 'already_exists'], round);
      expect(statuses(entries), `round ${round}:\n${said(entries)}`).toEqual(Array(5).fill(201));
      expect(renames.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      const named = await t.admin.column<number>('SELECT id FROM tags WHERE lower(name) = ?', name);
      expect(named, `round ${round}`).toHaveLength(1);
      for (const entry of entries) expect(entry.body.tags.map((tag: { id: number }) => tag.id)).toEqual(named);
    }
  }, 180_000);

  it('leaves the entry saying the name the tag ends with when 9 renames of it race', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await t.clients[0]!.post('/v2/entries', {
        project_id: projectId,
        date: '2024-03-04',
        minutes: 5,
        description: `call #word${round} today`,
      });
      const tagId = entry.body.tags[0].id;
      const replies = await t.raceOn((c, i) => c.put(`/v2/tags/${tagId}`, { name: `word${round}v${i}` }));
      expect(statuses(replies), `round ${round}:\n${said(replies)}`).toEqual(Array(RACERS).fill(200));
      const [tag] = await t.admin.column<string>('SELECT name FROM tags WHERE id = ?', tagId);
      const [description] = await t.admin.column<string>('SELECT description FROM entries WHERE id = ?', entry.body.id);
      expect(description, `round ${round}: the tag is #${tag}`).toBe(`call #${tag} today`);
    }
  }, 180_000);
});

describe('tag merges racing entry edits across 3 instances', () => {
  it('merges a tag while 8 of its entries are edited at once, never waiting in a cycle (no 500)', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const [source, target] = [`src${round}`, `tgt${round}`];
      const entries = await Promise.all(
        Array.from({ length: RACERS - 1 }, (_, i) =>
          t.clients[0]!.post('/v2/entries', {
            project_id: projectId,
            date: '2024-03-04',
            minutes: 5,
            description: `#${source} ${i % 2 ? `#${target}` : ''}`,
          }),
        ),
      );
      const ids = new Map<string, number>(
        entries.flatMap((e) => e.body.tags.map((tag: { id: number; name: string }) => [tag.name, tag.id])),
      );
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.put(`/v2/tags/${ids.get(target)}/merge`, { tag_id: ids.get(source) })
          : c.put(`/v2/entries/${entries[i - 1]!.body.id}`, { description: `#${target} #${source} edit ${i}` }),
      );
      expect(statuses(replies), `round ${round}:\n${said(replies)}`).toEqual([204, ...Array(RACERS - 1).fill(200)]);
    }
  }, 180_000);
});

describe('tag deletions racing entry edits across 3 instances', () => {
  it('deletes a tag while 8 of its entries are edited at once: no 500, and no entry keeps a link to it', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const name = `gone${round}`;
      const entries = await Promise.all(
        Array.from({ length: RACERS - 1 }, () =>
          t.clients[0]!.post('/v2/entries', {
            project_id: projectId,
            date: '2024-03-04',
            minutes: 5,
            description: `#${name}`,
          }),
        ),
      );
      const tagId = entries[0]!.body.tags[0].id;
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.del(`/v2/tags/${tagId}`)
          : c.put(`/v2/entries/${entries[i - 1]!.body.id}`, { description: `#${name} edit ${i}` }),
      );
      expect(statuses(replies), `round ${round}:\n${said(replies)}`).toEqual([204, ...Array(RACERS - 1).fill(200)]);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM entry_tags WHERE tag_id = ?', tagId)).toEqual([0]);
    }
  }, 180_000);
});

describe('projects across 3 instances, no account lock', () => {
  it('deletes an empty project or keeps the entries written into it while 3 deletions race with 6 entries: never both', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const projectId = await createProject(t.clients[0]!, { name: `Empty ${round}` });
      const replies = await t.raceOn((c, i) =>
        i < 3
          ? c.put('/v2/projects/delete', { project_ids: [projectId] })
          : c.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 5 }),
      );
      const [deletions, entries] = [replies.slice(0, 3), replies.slice(3)];
      onlyAnswers(deletions, [204, 'missing'], round);
      onlyAnswers(entries, [201, 'missing'], round);
      const kept = await t.admin.column<number>('SELECT COUNT(*) FROM projects WHERE id = ?', projectId);
      const written = entries.filter((r) => r.status === 201).length;
      // An entry written keeps its project; a project deleted has none.
      expect(kept, `round ${round}:\n${said(replies)}`).toEqual([written > 0 ? 1 : 0]);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM entries WHERE project_id = ?', projectId)).toEqual([
        written,
      ]);
    }
  }, 180_000);
});

describe('project merges racing entry edits across 3 instances', () => {
  it('merges a project while 8 of its entries are edited into it at once, never waiting in a cycle (no 500)', async () => {
    const t = await team();
    const target = await createProject(t.clients[0]!, { name: 'Target' });
    for (let round = 0; round < ROUNDS; round++) {
      const source = await createProject(t.clients[0]!, { name: `Source ${round}` });
      const entries = await Promise.all(
        Array.from({ length: RACERS - 1 }, () =>
          t.clients[0]!.post('/v2/entries', { project_id: source, date: '2024-03-04', minutes: 5 }),
        ),
      );
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.put(`/v2/projects/${target}/merge`, { project_id: source })
          : c.put(`/v2/entries/${entries[i - 1]!.body.id}`, { project_id: source, minutes: 5 + i }),
      );
      expect(replies[0]!.status, `round ${round}:\n${said(replies)}`).toBe(204);
      onlyAnswers(replies.slice(1), [200, 'missing'], round);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM entries WHERE project_id = ?', target)).toEqual([
        (round + 1) * (RACERS - 1),
      ]);
    }
  }, 180_000);
});

describe('expenses and invoices across 3 instances, no account lock', () => {
  it('invoices the price the expense keeps: 8 edits racing with its invoice land before it, or are refused', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const expense = await t.clients[0]!.post('/v2/expenses', {
        project_id: projectId,
        date: '2024-03-04',
        price: 10,
      });
      expect(expense.status, expense.text).toBe(201);
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.post('/v2/invoices', { invoice_date: '2024-03-31', expense_ids: [expense.body.id] })
          : c.put(`/v2/expenses/${expense.body.id}`, { project_id: projectId, date: '2024-03-04', price: 10 + i }),
      );
      expect(replies[0]!.status, replies[0]!.text).toBe(201);
      onlyAnswers(replies.slice(1), [200, 'invoiced'], round);
      const [row] = await t.admin.all<{ price: number; invoiced: number }>(
        'SELECT x.price_cents AS price, i.taxable_cents + i.taxfree_cents AS invoiced FROM expenses x JOIN invoices i ON i.id = x.invoice_id WHERE x.id = ?',
        expense.body.id,
      );
      expect(row, `round ${round}:\n${said(replies)}`).toEqual({ price: row!.price, invoiced: row!.price });
    }
  }, 180_000);

  it('numbers 9 racing invoices made without a reference one after another: 9 different references', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const expenses = await Promise.all(
        Array.from({ length: RACERS }, () =>
          t.clients[0]!.post('/v2/expenses', { project_id: projectId, date: '2024-03-04', price: 10 }),
        ),
      );
      const replies = await t.raceOn((c, i) =>
        c.post('/v2/invoices', { invoice_date: '2024-03-31', expense_ids: [expenses[i]!.body.id] }),
      );
      expect(statuses(replies), `round ${round}:\n${said(replies)}`).toEqual(Array(RACERS).fill(201));
      const references = replies.map((r) => Number(r.body.reference)).sort((a, b) => a - b);
      expect(references).toEqual(Array.from({ length: RACERS }, (_, i) => round * RACERS + i + 1));
    }
  }, 180_000);
});

describe('approvals across 3 instances, no account lock', () => {
  it('approves an entry once when 9 approvals race: one 204, eight already_approved', async () => {
    const t = await team();
    const projectId = await createProject(t.clients[0]!);
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await t.clients[0]!.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 30 });
      const replies = await t.raceOn((c) => c.put(`/v2/entries/${entry.body.id}/approved`, {}));
      onlyAnswers(replies, [204, 'already_approved'], round);
      expect(
        replies.filter((r) => r.status === 204),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(1);
    }
  }, 180_000);
});

describe('users, teams and groups across 3 instances, no account lock', () => {
  it('keeps the user limit when 9 users are added at once: as many made as there was room for', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      // The owner and 2 more a round: 2 of the 9 get in, 7 reach the limit.
      await t.admin.run('UPDATE accounts SET user_limit = ?', 1 + 2 * (round + 1));
      const replies = await t.raceOn((c, i) => c.post('/v2/users', { email: `r${round}u${i}@example.com` }));
      onlyAnswers(replies, [201, 'reached_user_limit'], round);
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(2);
      expect(await t.admin.column<number>('SELECT COUNT(*) FROM users')).toEqual([1 + 2 * (round + 1)]);
    }
  }, 180_000);

  it('adds a user once when 9 additions with one e-mail race: one 201, eight already_exists', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const email = `same${round}@example.com`;
      const replies = await t.raceOn((c) => c.post('/v2/users', { email }));
      onlyAnswers(replies, [201, 'already_exists'], round);
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(1);
    }
  }, 180_000);

  it('makes one team of a name when 9 creations race with it: one 201, eight already_exists', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const replies = await t.raceOn((c) => c.post('/v2/teams', { name: `Crew ${round}`, user_ids: [] }));
      onlyAnswers(replies, [201, 'already_exists'], round);
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(1);
    }
  }, 180_000);

  it('leaves no project in a deleted group when 8 additions race with its deletion', async () => {
    const t = await team();
    const projects = await Promise.all(
      Array.from({ length: RACERS - 1 }, (_, i) => createProject(t.clients[0]!, { name: `Grouped ${i}` })),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const group = await t.clients[0]!.post('/v2/project_groups', { name: `Group ${round}`, project_ids: [] });
      expect(group.status, group.text).toBe(201);
      await t.admin.run('UPDATE projects SET project_group_id = NULL');
      const replies = await t.raceOn((c, i) =>
        i === 0
          ? c.del(`/v2/project_groups/${group.body.id}`)
          : c.post(`/v2/project_groups/${group.body.id}/add_projects`, { project_ids: [projects[i - 1]] }),
      );
      expect(replies[0]!.status, replies[0]!.text).toBe(204);
      onlyAnswers(replies.slice(1), [200, 404], round);
      const orphans = await t.admin.column<number>(
        'SELECT COUNT(*) FROM projects WHERE project_group_id IS NOT NULL AND project_group_id NOT IN (SELECT id FROM project_groups)',
      );
      expect(orphans, `round ${round}:\n${said(replies)}`).toEqual([0]);
    }
  }, 180_000);
});

describe('webhooks across 3 instances, no account lock', () => {
  it('keeps every one of 9 racing topic changes: 7 events added and the first removed, twice', async () => {
    const t = await team();
    const [first, ...others] = WEBHOOK_EVENTS;
    for (let round = 0; round < ROUNDS; round++) {
      const hook = await t.clients[0]!.post('/v2/webhooks', {
        name: `Hook ${round}`,
        payload_uri: 'https://example.com/hook',
        events: [first],
      });
      expect(hook.status, hook.text).toBe(201);
      const replies = await t.raceOn((c, i) =>
        i < others.length
          ? c.put(`/v2/webhooks/${hook.body.id}/add_events`, { events: [others[i]] })
          : c.put(`/v2/webhooks/${hook.body.id}/remove_events`, { events: [first] }),
      );
      expect(statuses(replies), `round ${round}:\n${said(replies)}`).toEqual(Array(RACERS).fill(200));
      const events = (await t.clients[0]!.get(`/v2/webhooks/${hook.body.id}`)).body.events;
      expect([...events].sort(), `round ${round}`).toEqual([...others].sort());
    }
  }, 180_000);
});

describe('v1 names across 3 instances, no account lock', () => {
  it('adds a v1 user once when 9 additions with one e-mail race: one 201, eight 422 already_exists', async () => {
    const t = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const user = { first_name: 'Cy', email: `v1same${round}@example.com` };
      const replies = await t.raceOn((c) => V1.of(c).json('POST', '/api/users.json', { user }));
      expect(
        replies.filter((r) => r.status === 201),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(1);
      for (const lost of replies.filter((r) => r.status !== 201)) {
        expect(lost.status, lost.text).toBe(422);
        expect(codes(lost)).toEqual(['already_exists']);
      }
    }
  }, 180_000);

  it('puts 5 entries naming a new project in one project while 4 v1 renames race to give that name: no 500', async () => {
    const t = await team();
    const ids = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createProject(t.clients[0]!, { name: `Old ${i}` })),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Wanted ${round}`;
      const replies = await t.raceOn((c, i) =>
        i < 4
          ? V1.of(c).json('PUT', `/api/projects/${ids[i]}.json`, { project: { name } })
          : c.post('/v2/entries', { project_name: name, date: '2024-03-04', minutes: 5 }),
      );
      const [renames, entries] = [replies.slice(0, 4), replies.slice(4)];
      for (const r of renames) expect([200, 422], `round ${round}:\n${said(replies)}`).toContain(r.status);
      expect(statuses(entries), `round ${round}:\n${said(replies)}`).toEqual(Array(5).fill(201));
      const named = await t.admin.column<number>('SELECT id FROM projects WHERE lower(name) = lower(?)', name);
      expect(named, `round ${round}`).toHaveLength(1);
      expect(new Set(entries.map((e) => e.body.project.id))).toEqual(new Set(named));
      // Each round's winner is renamed back, so that all 4 race again.
      for (const [i, id] of ids.entries())
        await t.admin.run('UPDATE projects SET name = ? WHERE id = ?', `Old ${i}`, id);
    }
  }, 180_000);

  it('renames one of 9 v1 projects to a name 9 renames race for: one 200, eight 422 already_exists', async () => {
    const t = await team();
    const ids = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => createProject(t.clients[0]!, { name: `Before ${i}` })),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const project = { name: `After ${round}` };
      const replies = await t.raceOn((c, i) => V1.of(c).json('PUT', `/api/projects/${ids[i]}.json`, { project }));
      expect(
        replies.filter((r) => r.status === 200),
        `round ${round}:\n${said(replies)}`,
      ).toHaveLength(1);
      for (const lost of replies.filter((r) => r.status !== 200)) {
        expect(lost.status, lost.text).toBe(422);
        expect(codes(lost)).toEqual(['already_exists']);
      }
    }
  }, 180_000);
});

// The v1 legacy client (main/api/legacy) against the real local service: every call, the bulk
// import of hundreds of entries in one XML request (seen by v2 with their import), v1's typed
// refusals (422 validation, the duplicate within a minute, the plain-text reason of a project's
// deletion, 401 for an unknown user), and the personal token fetched with e-mail and password.
import { describe, expect, it } from 'vitest';
import { createServiceApi, createRateLimiter } from '../../../main/api/client';
import { createLegacyApi } from '../../../main/api/legacy';
import { collect } from '../../../main/api/types';
import { serveTeam } from '../service/support/people';
import { failureOf } from './harness';

const EMAIL = 'owner@legacy.test';
const PASSWORD = 'legacy password 7';

async function setUp() {
  const team = await serveTeam({ ownerEmail: EMAIL, ownerPassword: PASSWORD });
  // One limiter for both clients of the service, as the app shares it.
  const limiter = createRateLimiter(200);
  const v1 = createLegacyApi({ baseUrl: team.service.url, token: team.service.token, limiter });
  const v2 = createServiceApi({
    baseUrl: team.service.url,
    credentials: { kind: 'personal', token: team.service.token },
    limiter,
  });
  return { team, v1, v2 };
}

describe('entries', () => {
  it('creates with minutes as H:MM, reads, updates, lists with filters across pages, deletes', async () => {
    const { v1, team } = await setUp();
    const project = await v1.createProject({ name: 'Website' });
    const entry = await v1.createEntry({
      date: '2024-02-01',
      minutes: 90,
      projectId: project.id,
      description: 'layout, Homepage work',
    });
    expect(entry).toMatchObject({
      date: '2024-02-01',
      minutes: 90,
      project_id: project.id,
      project: { id: project.id, name: 'Website' },
      user_id: team.service.ownerId,
    });
    expect(entry.tags.map((t) => t.name)).toContain('layout');
    expect(await v1.getEntry(entry.id)).toEqual(entry);

    const updated = await v1.updateEntry(entry.id, { minutes: 45, description: 'Review' });
    expect(updated).toMatchObject({
      id: entry.id,
      minutes: 45,
      description: 'Review',
      date: '2024-02-01',
      project_id: project.id,
    });

    for (const date of ['2024-02-02', '2024-02-03', '2024-02-04', '2024-02-05'])
      await v1.createEntry({ date, minutes: 15, projectId: project.id });
    await v1.createEntry({ date: '2024-02-03', minutes: 15, description: 'no project' });
    const paged = await collect(v1.listEntries({ perPage: 2, projects: [project.id] }));
    expect(paged.map((e) => e.date)).toEqual(['2024-02-05', '2024-02-04', '2024-02-03', '2024-02-02', '2024-02-01']);
    const ranged = await collect(
      v1.listEntries({ from: '2024-02-03', to: '2024-02-04', people: [team.service.ownerId] }),
    );
    expect(ranged.map((e) => e.date).sort()).toEqual(['2024-02-03', '2024-02-03', '2024-02-04']);
    expect(await collect(v1.listEntries({ tags: ['layout'] }))).toHaveLength(0); // the update replaced the description and its tags

    await v1.deleteEntry(entry.id);
    expect((await failureOf(v1.getEntry(entry.id))).kind).toBe('not_found');
    expect((await failureOf(v1.deleteEntry(entry.id))).kind).toBe('not_found');
  });

  it('sends allow_hashtags when asked: #hashtags become the tags; classic parsing otherwise', async () => {
    const { v1 } = await setUp();
    const hashtags = await v1.createEntry(
      { date: '2024-03-01', minutes: 30, description: 'Call with #client' },
      { allowHashtags: true },
    );
    expect(hashtags.tags.map((t) => t.name)).toEqual(['client']);
    const classic = await v1.createEntry({
      date: '2024-03-01',
      minutes: 30,
      description: 'meeting, Call with the client about the plan',
    });
    expect(classic.tags.map((t) => t.name)).toEqual(['meeting']);
  });

  it('the same entry within a minute is refused with a typed validation error; a minute later it is logged', async () => {
    const { v1, team } = await setUp();
    const input = { date: '2024-04-01', minutes: 30, description: 'Standup' };
    await v1.createEntry(input);
    const duplicate = await failureOf(v1.createEntry(input));
    expect(duplicate).toMatchObject({ kind: 'validation', status: 422 });
    expect(duplicate.message).toMatch(/same entry/);
    team.clock.advance(61_000);
    expect((await v1.createEntry(input)).minutes).toBe(30);
  });

  it('422 with a body becomes a typed validation error carrying the message and errors', async () => {
    const { v1 } = await setUp();
    const error = await failureOf(v1.createEntry({ date: '2024-02-30', minutes: 10 }));
    expect(error).toMatchObject({ kind: 'validation', status: 422 });
    expect(error.errors).toEqual([expect.objectContaining({ field: 'date' })]);
    expect(error.body?.message).toMatch(/date/);
    // The client's own refusal: minutes that are not whole never leave.
    expect((await failureOf(v1.createEntry({ date: '2024-02-01', minutes: 1.5 }))).kind).toBe('validation');
  });
});

describe('bulk import', () => {
  it('imports 300 entries in one XML request, answering each with its id in order; v2 sees them with their import', async () => {
    const { v1, v2 } = await setUp();
    const project = await v2.createProject({ name: 'Imported' });
    const inputs = Array.from({ length: 300 }, (_, i) => ({
      date: `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      minutes: 5 + i,
      description: `item ${i} & <more>`,
      projectId: project.id,
    }));
    const made = await v1.importEntries(inputs);
    expect(made).toHaveLength(300);
    made.forEach((entry, i) => {
      expect(entry).toMatchObject({
        date: inputs[i]!.date,
        minutes: inputs[i]!.minutes,
        description: inputs[i]!.description,
        'project-id': project.id,
      });
      expect(entry!.id).toEqual(expect.any(Number));
    });
    expect(new Set(made.map((e) => e!.id)).size).toBe(300);

    const importId = (await v2.getEntry(made[0]!.id)).import?.id;
    expect(importId).toEqual(expect.any(Number));
    const seen = await collect(v2.listEntries({ import_ids: [importId!], per_page: 1000 }));
    expect(seen.map((e) => e.id).sort((a, b) => a - b)).toEqual(made.map((e) => e!.id).sort((a, b) => a - b));
  });

  it('by project name, with allow_hashtags, and null for an entry whose user the service skipped', async () => {
    const { v1, v2, team } = await setUp();
    const ann = await team.member('leader', { email: 'ann@legacy.test', first_name: 'Ann', last_name: 'Lee' });
    const made = await v1.importEntries(
      [
        { date: '2024-05-01', minutes: 60, projectName: 'Fresh project', description: 'Design #ux' },
        { date: '2024-05-01', minutes: 60, user: 'nobody@legacy.test' },
        { date: '2024-05-02', minutes: 0, user: 'Ann Lee' },
        { date: '2024-05-03', minutes: 125, user: ann.id },
      ],
      { allowHashtags: true },
    );
    expect(made.map((e) => e && [e.date, e.minutes, e['user-id']])).toEqual([
      ['2024-05-01', 60, team.service.ownerId],
      null,
      ['2024-05-02', 0, ann.id],
      ['2024-05-03', 125, ann.id],
    ]);
    const first = await v2.getEntry(made[0]!.id);
    expect(first.project?.name).toBe('Fresh project');
    expect(first.tags.map((t) => t.name)).toEqual(['ux']);
  });

  it('an invalid item refuses the whole import with a typed validation error read from the XML answer, and nothing is made', async () => {
    const { v1, v2 } = await setUp();
    const error = await failureOf(
      v1.importEntries([
        { date: '2024-06-01', minutes: 30 },
        { date: '2024-06-31', minutes: 30 },
      ]),
    );
    expect(error).toMatchObject({ kind: 'validation', status: 422 });
    expect(error.errors).toEqual([expect.objectContaining({ field: 'entries[1].date' })]);
    expect(error.message).toMatch(/nothing imported/i);
    expect(await collect(v2.listEntries())).toEqual([]);
    expect(await v1.importEntries([])).toEqual([]);
  });
});

describe('tags and projects', () => {
  it('lists tags', async () => {
    const { v1 } = await setUp();
    await v1.createEntry({ date: '2024-02-01', minutes: 30, description: 'design, sketches of the new homepage' });
    const tags = await v1.listTags();
    expect(tags.map((t) => t.name)).toEqual(['design']);
    expect(tags[0]).toMatchObject({ billable: true, id: expect.any(Number) });
  });

  it('creates, reads, updates, lists, archives, activates and deletes projects; refusals are typed', async () => {
    const { v1 } = await setUp();
    const project = await v1.createProject({
      name: 'Apollo',
      billable: false,
      colorHex: 'ff8800',
      budgetMinutes: 600,
      groupName: 'Space',
    });
    expect(project).toMatchObject({
      name: 'Apollo',
      billable: false,
      color_hex: 'ff8800',
      budget_minutes: 600,
      group_name: 'Space',
      enabled: true,
      stepping: 15,
    });
    expect(await v1.getProject(project.id)).toEqual(project);
    const renamed = await v1.updateProject(project.id, { name: 'Apollo 11', billable: true });
    expect(renamed).toMatchObject({ id: project.id, name: 'Apollo 11', billable: true, color_hex: 'ff8800' });
    expect((await v1.listProjects()).map((p) => p.name)).toContain('Apollo 11');

    expect((await failureOf(v1.createProject({ name: 'Apollo 11' }))).errors).toEqual([
      expect.objectContaining({ field: 'name', code: 'already_exists' }),
    ]);

    await v1.createEntry({ date: '2024-02-01', minutes: 30, projectId: project.id });
    expect((await v1.archiveProject(project.id)).enabled).toBe(false);
    expect((await v1.archiveProject(project.id)).enabled).toBe(false); // also when already archived
    expect((await v1.activateProject(project.id)).enabled).toBe(true);

    const refused = await failureOf(v1.deleteProject(project.id));
    expect(refused).toMatchObject({ kind: 'validation', status: 422 });
    expect(refused.message).toMatch(/has entries, expenses or invoices/); // spec 002's plain-text reason

    const empty = await v1.createProject({ name: 'Empty' });
    await v1.deleteProject(empty.id);
    expect((await failureOf(v1.getProject(empty.id))).kind).toBe('not_found');
  });
});

describe('users', () => {
  it('lists, reads self, a user and an avatar, creates, updates and deletes users', async () => {
    const { v1, team } = await setUp();
    const self = await v1.getSelf();
    expect(self).toMatchObject({ id: team.service.ownerId, email: EMAIL, hashtags: true });
    expect(await v1.getUser(self.id)).toEqual(self);
    expect(await v1.getAvatar(self.id)).toEqual({ id: self.id, thumbnail: '', avatar: '' });

    const bea = await v1.createUser({ email: 'bea@legacy.test', firstName: 'Bea', lastName: 'Park' });
    expect(bea).toMatchObject({ email: 'bea@legacy.test', first_name: 'Bea', last_name: 'Park' });
    expect((await v1.listUsers()).map((u) => u.login)).toEqual(expect.arrayContaining([EMAIL, 'bea@legacy.test']));
    expect(await v1.updateUser(bea.id, { lastName: 'Parker' })).toMatchObject({
      id: bea.id,
      last_name: 'Parker',
      first_name: 'Bea',
    });

    const malformed = await failureOf(v1.updateUser(bea.id, { email: 'not an address' }));
    expect(malformed).toMatchObject({ kind: 'validation', status: 422 });
    expect(malformed.errors).toEqual([expect.objectContaining({ field: 'email' })]);

    await v1.deleteUser(bea.id);
    // Spec 002: an unknown user answers 401 ("to become 404 in a future version").
    expect(await failureOf(v1.getUser(bea.id))).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('fetches the personal token with HTTP Basic e-mail and password; wrong ones answer 401 without echoing the password', async () => {
    const { team } = await setUp();
    const anonymous = createLegacyApi({ baseUrl: team.service.url, rateLimit: 0 });
    const token = await anonymous.apiAuthToken(EMAIL, PASSWORD);
    expect((await createLegacyApi({ baseUrl: team.service.url, token, rateLimit: 0 }).getSelf()).email).toBe(EMAIL);

    const wrong = await failureOf(anonymous.apiAuthToken(EMAIL, 'a wrong password'));
    expect(wrong).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(`${wrong.message} ${JSON.stringify(wrong)}`).not.toContain('a wrong password');
    // Without a token, the other calls are refused.
    expect((await failureOf(anonymous.getSelf())).kind).toBe('unauthorized');
  });
});

// Projects beyond create/read/update, project groups and tags through the client, against the
// real local service. Merges of more than two entries run in the background here, held at a gate
// the test opens, so the lock they take can be seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, uniqueName } from './harness';
import { startWithMembers, type LocalWithMembers } from './members';

let local: LocalWithMembers;
let openGate: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
beforeAll(async () => {
  local = await startWithMembers({ tuning: { tagMergeInlineMax: 2, beforeBackgroundBatch: () => gate } });
});
afterAll(async () => {
  openGate();
  await local?.close();
});

const ids = (items: Array<{ id: number }>) => items.map((x) => x.id).sort((a, b) => a - b);
const project = (prefix: string) => local.api.createProject({ name: uniqueName(prefix) });
const hashtag = (prefix: string) => uniqueName(prefix).replace(/\W/g, '');
/** The tag an entry's #hashtag made (createTags leaves out tags that exist). */
const tagNamed = async (name: string) => (await collect(local.api.listTags({ name }))).find((t) => t.name === name)!;

describe('projects: merge, bulk actions, entries and expenses', () => {
  it('merges a project into another: its entries move and it is gone', async () => {
    const { api } = local;
    const [target, source] = [await project('Target'), await project('Source')];
    const moved = await api.createEntry({ date: '2025-05-02', minutes: 30, project_id: source.id });
    await api.mergeProject(target.id, source.id);
    expect((await api.getEntry(moved.id)).project?.id).toBe(target.id);
    expect((await failureOf(api.getProject(source.id))).kind).toBe('not_found');
  });

  it('refuses to merge an archived project (archived_project) and a project into itself (validation)', async () => {
    const { api } = local;
    const [target, source] = [await project('Open'), await project('Archived')];
    await api.createEntry({ date: '2025-05-02', minutes: 15, project_id: source.id });
    await api.archiveProject(source.id);
    expect((await failureOf(api.mergeProject(target.id, source.id))).errors).toContainEqual(
      expect.objectContaining({ code: 'archived_project' }),
    );
    expect((await failureOf(api.mergeProject(target.id, target.id))).errors).toContainEqual(
      expect.objectContaining({ field: 'project_id' }),
    );
  });

  it('archives, unarchives and deletes many at once, skipping the projects that do not qualify', async () => {
    const { api } = local;
    const [used, empty] = [await project('Bulk used'), await project('Bulk empty')];
    await api.createEntry({ date: '2025-05-03', minutes: 15, project_id: used.id });

    await api.archiveProjects([used.id, empty.id]);
    expect([(await api.getProject(used.id)).enabled, (await api.getProject(empty.id)).enabled]).toEqual([false, true]);
    await api.unarchiveProjects([used.id, empty.id]);
    expect((await api.getProject(used.id)).enabled).toBe(true);
    await api.deleteProjects([used.id, empty.id]);
    expect((await api.getProject(used.id)).id).toBe(used.id);
    expect((await failureOf(api.getProject(empty.id))).kind).toBe('not_found');

    const e = await failureOf(api.deleteProjects([used.id, 999_999]));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'project_ids', code: 'missing' }));
  });

  it("lists a project's entries across pages with a filter, and its expenses", async () => {
    const { api } = local;
    const [mine, other] = [await project('Listed'), await project('Not listed')];
    const made = [];
    for (const day of ['2025-06-01', '2025-06-02', '2025-06-03', '2025-07-01'])
      made.push(await api.createEntry({ date: day, minutes: 15, project_id: mine.id }));
    await api.createEntry({ date: '2025-06-02', minutes: 15, project_id: other.id });
    const june = await collect(api.listProjectEntries(mine.id, { from: '2025-06-01', to: '2025-06-30', per_page: 2 }));
    expect(ids(june)).toEqual(ids(made.slice(0, 3)));

    const expense = await api.createExpense({ date: '2025-06-04', project_id: mine.id, price: 20 });
    await api.createExpense({ date: '2025-06-04', project_id: other.id, price: 20 });
    expect(ids(await collect(api.listProjectExpenses(mine.id)))).toEqual([expense.id]);
  });
});

describe('project groups', () => {
  it('creates a group of projects, moving them from another group, and reads, renames and finds it', async () => {
    const { api } = local;
    const [a, b] = [await project('Grouped A'), await project('Grouped B')];
    const first = await api.createProjectGroup({ name: uniqueName('First'), project_ids: [a.id] });
    const name = uniqueName('Group');
    const group = await api.createProjectGroup({ name, project_ids: [a.id, b.id] });
    expect(group.name).toBe(name);
    expect(ids(group.projects)).toEqual(ids([a, b]));
    expect((await api.getProject(a.id)).group?.id).toBe(group.id);
    expect((await api.getProjectGroup(first.id)).projects).toEqual([]);
    expect(await api.getProjectGroup(group.id)).toEqual(group);
    expect((await api.updateProjectGroup(group.id, { name: `${name} renamed` })).name).toBe(`${name} renamed`);
    expect(ids(await collect(api.listProjectGroups({ project_ids: [b.id] })))).toEqual([group.id]);
  });

  it('lists groups by name across pages', async () => {
    const { api } = local;
    const prefix = uniqueName('Paged group');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await api.createProjectGroup({ name: `${prefix} ${i}`, project_ids: [] }));
    expect(ids(await collect(api.listProjectGroups({ name: prefix, per_page: 2 })))).toEqual(ids(made));
  });

  it("adds and removes projects, lists the group's projects and entries, and deletes it keeping the projects", async () => {
    const { api } = local;
    const [a, b, c, elsewhere] = [
      await project('Member A'),
      await project('Member B'),
      await project('Member C'),
      await project('Elsewhere'),
    ];
    const other = await api.createProjectGroup({ name: uniqueName('Other group'), project_ids: [elsewhere.id] });
    const group = await api.createProjectGroup({ name: uniqueName('Work group'), project_ids: [a.id] });

    // A project already in another group stays there.
    expect(ids(await api.addProjectsToGroup(group.id, [b.id, c.id, elsewhere.id]))).toEqual(ids([a, b, c]));
    expect((await api.getProject(elsewhere.id)).group?.id).toBe(other.id);
    expect(ids(await collect(api.listProjectGroupProjects(group.id, { name: 'Member B' })))).toEqual([b.id]);

    const entry = await api.createEntry({ date: '2025-08-01', minutes: 15, project_id: c.id });
    await api.createEntry({ date: '2025-08-01', minutes: 15, project_id: elsewhere.id });
    expect(ids(await collect(api.listProjectGroupEntries(group.id)))).toEqual([entry.id]);

    await api.removeProjectsFromGroup(group.id, [a.id]);
    expect(ids((await api.getProjectGroup(group.id)).projects)).toEqual(ids([b, c]));
    await api.removeAllProjectsFromGroup(group.id);
    expect((await api.getProjectGroup(group.id)).projects).toEqual([]);

    await api.addProjectsToGroup(group.id, [a.id]);
    await api.deleteProjectGroup(group.id);
    expect((await failureOf(api.getProjectGroup(group.id))).kind).toBe('not_found');
    expect((await api.getProject(a.id)).group).toBeNull();
  });

  it('refuses a group without a name (validation), and a group to a coworker (forbidden)', async () => {
    const e = await failureOf(local.api.createProjectGroup({ project_ids: [] } as never));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'missing_field' }));
    const coworker = await local.member('coworker');
    expect((await failureOf(coworker.api.createProjectGroup({ name: uniqueName('Nope'), project_ids: [] }))).kind).toBe(
      'forbidden',
    );
  });
});

describe('tags', () => {
  it('reads a tag, renames it (a trailing * makes it unbillable) and refuses a name another tag has', async () => {
    const { api } = local;
    const [name, other] = [hashtag('reading'), hashtag('taken')];
    const [tag, taken] = await api.createTags([name, other]);
    expect(await api.getTag(tag.id)).toMatchObject({ id: tag.id, name, billable: true, formatted_name: `#${name}` });
    expect(await api.updateTag(tag.id, { name: `${name}x*` })).toMatchObject({
      id: tag.id,
      name: `${name}x`,
      billable: false,
    });
    const e = await failureOf(api.updateTag(tag.id, { name: taken.name }));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'already_exists' }));
  });

  it("lists a tag's entries with a filter", async () => {
    const { api } = local;
    const name = hashtag('listed');
    const june = await api.createEntry({ date: '2025-06-10', minutes: 15, description: `work #${name}` });
    await api.createEntry({ date: '2025-07-10', minutes: 15, description: `work #${name}` });
    await api.createEntry({ date: '2025-06-10', minutes: 15, description: 'untagged work' });
    const tag = await tagNamed(name);
    expect(ids(await collect(api.listTagEntries(tag.id, { to: '2025-06-30' })))).toEqual([june.id]);
  });

  it('merges a small tag at once: its entries move and their descriptions are rewritten', async () => {
    const { api } = local;
    const [into, from] = [hashtag('into'), hashtag('from')];
    const entry = await api.createEntry({ date: '2025-06-11', minutes: 15, description: `call #${from}` });
    const [target, source] = [(await api.createTags([into]))[0], await tagNamed(from)];
    expect(await api.mergeTag(target.id, source.id)).toEqual({ background: false });
    const merged = await api.getEntry(entry.id);
    expect(merged.tags.map((t) => t.id)).toEqual([target.id]);
    expect(merged.description).toBe(`call #${into}`);
    expect((await failureOf(api.getTag(source.id))).kind).toBe('not_found');
  });

  it('merges a large tag in the background (202 with a message), the tags locked until it ends', async () => {
    const { api } = local;
    const [into, from] = [hashtag('bigInto'), hashtag('bigFrom')];
    for (let i = 0; i < 3; i++)
      await api.createEntry({ date: '2025-06-12', minutes: 15, description: `#${from} ${i}` });
    const [target, source] = [(await api.createTags([into]))[0], await tagNamed(from)];
    gate = new Promise((resolve) => (openGate = resolve));

    const outcome = await api.mergeTag(target.id, source.id);
    expect(outcome.background).toBe(true);
    expect(outcome.background && outcome.message).toMatch(/background/);
    const locked = await failureOf(api.updateTag(target.id, { name: `${into}2` }));
    expect(locked.kind).toBe('validation');
    expect(locked.errors).toContainEqual(expect.objectContaining({ code: 'locked' }));
    expect((await failureOf(api.deleteTag(source.id))).errors).toContainEqual(
      expect.objectContaining({ code: 'locked' }),
    );

    openGate();
    for (let tries = 0; (await api.getTag(target.id)).entries < 3 && tries < 100; tries++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await api.getTag(target.id)).entries).toBe(3);
  });

  it('deletes a tag (its text stays in the descriptions), and many at once', async () => {
    const { api } = local;
    const [one, two, three] = [hashtag('gone'), hashtag('bulkA'), hashtag('bulkB')];
    const entry = await api.createEntry({ date: '2025-06-13', minutes: 15, description: `meeting #${one}` });
    const tag = await tagNamed(one);
    await api.deleteTag(tag.id);
    expect((await failureOf(api.getTag(tag.id))).kind).toBe('not_found');
    const after = await api.getEntry(entry.id);
    expect(after.tags).toEqual([]);
    expect(after.description).toContain(one);

    const made = await api.createTags([two, three]);
    await api.deleteTags(ids(made));
    expect(await collect(api.listTags({ name: two }))).toEqual([]);
    expect(await collect(api.listTags({ name: three }))).toEqual([]);
  });

  it('forbids changing tags to a coworker', async () => {
    const [tag] = await local.api.createTags([hashtag('guarded')]);
    const coworker = await local.member('coworker');
    expect((await coworker.api.getTag(tag.id)).id).toBe(tag.id);
    expect((await failureOf(coworker.api.updateTag(tag.id, { name: hashtag('renamed') }))).kind).toBe('forbidden');
    expect((await failureOf(coworker.api.deleteTags([tag.id]))).kind).toBe('forbidden');
  });
});

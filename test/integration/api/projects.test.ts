// Projects, tags and the current user against the real local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, startLocal, uniqueName, type Local } from './harness';

let local: Local;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(() => local?.close());

describe('projects', () => {
  it('creates, reads, updates and finds a project', async () => {
    const { api } = local;
    const name = uniqueName('Website');
    const project = await api.createProject({ name, billable: false, billing_increment: 5, color: '#336699' });
    expect(project).toMatchObject({ name, billable: false, billing_increment: 5, color: '#336699', enabled: true });
    expect(await api.getProject(project.id)).toEqual(project);

    const updated = await api.updateProject(project.id, { billing_increment: 30 });
    expect(updated).toMatchObject({ id: project.id, name, billing_increment: 30 });

    expect((await collect(api.listProjects({ name }))).map((p) => p.id)).toEqual([project.id]);
  });

  it('refuses a duplicate name as validation, with the service message', async () => {
    const { api } = local;
    const name = uniqueName('Twice');
    await api.createProject({ name });
    const e = await failureOf(api.createProject({ name }));
    expect(e.kind).toBe('validation');
    expect(e.errors.length).toBeGreaterThan(0);
    expect(e.errors[0]).toMatchObject({ field: 'name' });
    expect(e.message).toContain(e.body!.message);
  });

  it('archives a project with entries and unarchives it; refuses to archive one without', async () => {
    const { api } = local;
    const used = await api.createProject({ name: uniqueName('Used') });
    await api.createEntry({ date: '2025-01-10', minutes: 15, project_id: used.id });
    await api.archiveProject(used.id);
    expect((await api.getProject(used.id)).enabled).toBe(false);
    expect((await collect(api.listProjects({ enabled: false }))).map((p) => p.id)).toContain(used.id);
    await api.unarchiveProject(used.id);
    expect((await api.getProject(used.id)).enabled).toBe(true);
    expect((await failureOf(api.deleteProject(used.id))).errors).toContainEqual(
      expect.objectContaining({ code: 'not_deletable' }),
    );

    const fresh = await api.createProject({ name: uniqueName('Fresh') });
    const e = await failureOf(api.archiveProject(fresh.id));
    expect(e.kind).toBe('validation');
    expect(e.errors).toContainEqual(expect.objectContaining({ code: 'deletable' }));
    await api.deleteProject(fresh.id);
    expect((await failureOf(api.getProject(fresh.id))).kind).toBe('not_found');
  });

  it('lists projects across pages', async () => {
    const { api } = local;
    const prefix = uniqueName('Many');
    for (let i = 0; i < 5; i++) await api.createProject({ name: `${prefix} ${i}` });
    const found = await collect(api.listProjects({ name: prefix, per_page: 2 }));
    expect(found.map((p) => p.name).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix} ${i}`));
  });
});

describe('tags', () => {
  it('creates tags and lists them', async () => {
    const { api } = local;
    const base = uniqueName('tag').replace(/\W/g, '');
    const created = await api.createTags([base, `${base}x*`]);
    expect(created.map((t) => [t.name, t.billable])).toEqual([
      [base, true],
      [`${base}x`, false],
    ]);
    expect((await collect(api.listTags({ name: base }))).map((t) => t.name).sort()).toEqual([base, `${base}x`]);
    expect((await collect(api.listTags({ name: base, billable: false }))).map((t) => t.name)).toEqual([`${base}x`]);
  });
});

describe('current user and credentials', () => {
  it('reads and updates the current user', async () => {
    const { api } = local;
    const me = await api.getCurrentUser();
    expect(me.id).toBeGreaterThan(0);
    const updated = await api.updateCurrentUser({
      first_name: 'Ada',
      time_format: 'hours_minutes',
      week_start: 'sunday',
    });
    expect(updated).toMatchObject({ id: me.id, first_name: 'Ada', time_format: 'hours_minutes', week_start: 'Sunday' });
  });

  it('a wrong token is unauthorized, and not worth retrying', async () => {
    const stranger = local.client({ credentials: { kind: 'personal', token: 'not-the-token' } });
    const e = await failureOf(stranger.getCurrentUser());
    expect(e.kind).toBe('unauthorized');
    expect(e.status).toBe(401);
    expect(e.retryable).toBe(false);
  });
});

// Entries against the real local service: create, read, update, and lists with filters that
// span several pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, startLocal, uniqueName, type Local } from './harness';

let local: Local;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(() => local?.close());

describe('entries', () => {
  it('creates, reads and updates an entry, keeping its marker', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Entries'), billing_increment: 15 });
    const created = await api.createEntry({
      date: '2025-02-03',
      minutes: 20,
      project_id: project.id,
      description: 'Call #client',
      source_url: 'stint://op/1',
    });
    expect(created).toMatchObject({
      date: '2025-02-03',
      minutes: 30,
      description: 'Call #client',
      source_url: 'stint://op/1',
    });
    expect(created.project?.id).toBe(project.id);
    expect(await api.getEntry(created.id)).toEqual(created);

    const updated = await api.updateEntry(created.id, { minutes: 45, description: 'Long call' });
    expect(updated).toMatchObject({ id: created.id, minutes: 45, description: 'Long call', date: '2025-02-03' });
    expect(updated.project?.id).toBe(project.id);

    // The spec zeroes minutes left out of an update; the client keeps them, as a Partial promises.
    const renamed = await api.updateEntry(created.id, { description: 'Short call' });
    expect(renamed).toMatchObject({ minutes: 45, description: 'Short call' });
  });

  it('lists across pages by following Link, most recent date first, with filters', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Paged') });
    const other = await api.createProject({ name: uniqueName('Other') });
    const dates = ['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-05', '2024-05-06', '2024-05-07'];
    for (const date of dates)
      await api.createEntry({ date, minutes: 15, project_id: project.id, description: `day ${date}` });
    await api.createEntry({ date: '2024-05-04', minutes: 15, project_id: other.id, description: 'elsewhere' });

    const all = await collect(api.listEntries({ project_ids: [project.id], per_page: 2 }));
    expect(all.map((e) => e.date)).toEqual([...dates].reverse());

    const window = await collect(
      api.listEntries({ project_ids: [project.id, other.id], from: '2024-05-03', to: '2024-05-05', per_page: 1 }),
    );
    expect(window.map((e) => e.date).sort()).toEqual(['2024-05-03', '2024-05-04', '2024-05-04', '2024-05-05']);

    const described = await collect(api.listEntries({ description: 'elsewhere', per_page: 1 }));
    expect(described.map((e) => e.project?.id)).toEqual([other.id]);
  });

  it('refuses invalid input as validation with the errors array', async () => {
    const e = await failureOf(local.api.createEntry({ minutes: 10 } as never));
    expect(e.kind).toBe('validation');
    expect(e.status).toBe(400);
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'date', code: 'missing_field' }));
    expect(e.message).toMatch(/^The service refused it: /);
  });

  it('answers not_found for an entry that does not exist', async () => {
    const e = await failureOf(local.api.getEntry(987654));
    expect(e.kind).toBe('not_found');
    expect(e.status).toBe(404);
  });
});

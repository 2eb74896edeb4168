import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createEntry, createProject } from '../support/support';

describe("a project's participants", () => {
  it('lists everyone who logged time on it to the owner, but only itself to a contractor given the project', async () => {
    const team = await serveTeam();
    const contractor = await team.member('contractor');
    const p = await createProject(team.client, { name: 'Shared work' });
    expect(
      (await team.client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [p] })).status,
    ).toBe(204);
    await createEntry(team.client, { project_id: p, minutes: 30 });
    expect(
      (await contractor.client.post('/v2/entries', { date: '2024-03-04', minutes: 15, project_id: p })).status,
    ).toBe(201);

    const ids = (reply: { body: { participants: Array<{ id: number }> } }) =>
      reply.body.participants.map((u) => u.id).sort();
    expect(ids(await team.client.get(`/v2/projects/${p}`))).toEqual([team.service.ownerId, contractor.id].sort());
    expect(ids(await contractor.client.get(`/v2/projects/${p}`))).toEqual([contractor.id]);
    const listed = (await contractor.client.get('/v2/projects')).body as Array<{
      id: number;
      participants: Array<{ id: number }>;
    }>;
    expect(listed.find((x) => x.id === p)!.participants.map((u) => u.id)).toEqual([contractor.id]);
  });
});

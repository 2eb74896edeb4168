// Entries through v1 by role (GAPS.md "Roles (decided)": owner, supervisor = administrator,
// leader and coworker = other non-freelancer roles, contractor = freelancer). The same rules as
// through v2; what a role may not do answers 422 (spec 002 lists no 403), what it may not see 404.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { writeDb } from '../support/peopleSupport';
import { createProject } from '../support/support';
import { idOf, postEntryJson, V1, v2Count } from '../support/v1Support';

describe('v1 entries by role', () => {
  it('freelancers log and see only their own entries in projects given them', async () => {
    const team = await serveTeam();
    const given = await createProject(team.client, { name: 'Given' });
    const other = await createProject(team.client, { name: 'Other' });
    const contractor = await team.member('contractor');
    await team.client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] });
    const c = V1.of(contractor.client);
    const owners = await postEntryJson(V1.of(team.client), { 'project-id': given, description: 'owner work' });

    expect(
      (await c.json('POST', '/api/entries.json', { entry: { minutes: '1', date: '2024-03-04', 'project-id': given } }))
        .status,
    ).toBe(201);
    expect(
      (await c.json('POST', '/api/entries.json', { entry: { minutes: '1', date: '2024-03-04', 'project-id': other } }))
        .status,
    ).toBe(422);
    expect((await c.json('POST', '/api/entries.json', { entry: { minutes: '1', date: '2024-03-04' } })).status).toBe(
      422,
    );
    expect(
      (
        await c.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-04', 'project-name': 'Invented' },
        })
      ).status,
    ).toBe(422);
    const list = await c.json('GET', '/api/entries.json');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].entry.user_id).toBe(contractor.id);
    expect((await c.json('PUT', `/api/entries/${owners}.json`, { entry: { minutes: '2' } })).status).toBe(404);
    expect(await v2Count(team.client, '/v2/entries')).toBe(2);
  });

  it('coworkers see and change their own entries only, and create no projects or tags unless the account allows', async () => {
    const team = await serveTeam();
    const owner = V1.of(team.client);
    await postEntryJson(owner, { description: 'meeting' });
    const coworker = await team.member('coworker');
    const w = V1.of(coworker.client);
    const mine = await w.json('POST', '/api/entries.json', {
      entry: { minutes: '1', date: '2024-03-05', description: 'meeting, Wrote up the notes' },
    });
    expect(mine.status).toBe(201);
    expect((await w.json('GET', '/api/entries.json')).body.map((x: any) => x.entry.id)).toEqual([idOf(mine)]);

    const newTag = await w.json('POST', '/api/entries.json', {
      entry: { minutes: '1', date: '2024-03-05', description: 'newtag, Some text here' },
    });
    expect(newTag.status).toBe(422);
    expect(newTag.body.message).toMatch(/cannot create tags/);
    expect(
      (
        await w.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-05', 'project-name': 'New one' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await w.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-05', user: team.service.ownerId },
        })
      ).status,
    ).toBe(422);
    expect(await v2Count(team.client, '/v2/tags')).toBe(1);
    expect(await v2Count(team.client, '/v2/projects')).toBe(0);
    // An account that allows it (GAPS.md "create through an entry only if allowed").
    await writeDb(team, (db) =>
      db.prepare('UPDATE accounts SET coworkers_create_tags = 1, coworkers_create_projects = 1').run(),
    );
    expect(
      (
        await w.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-05', description: 'newtag, Some text here', 'project-name': 'New one' },
        })
      ).status,
    ).toBe(201);
    expect(await v2Count(team.client, '/v2/tags')).toBe(2);
    expect(await v2Count(team.client, '/v2/projects')).toBe(1);
  });

  it("leaders see everyone's entries but change only their own (422); administrators change anyone's", async () => {
    const team = await serveTeam();
    const leader = V1.of((await team.member('leader')).client);
    const supervisor = V1.of((await team.member('supervisor')).client);
    const owners = await postEntryJson(V1.of(team.client), { description: 'a' });
    expect((await leader.json('GET', '/api/entries.json')).body).toHaveLength(1);
    const refused = await leader.json('PUT', `/api/entries/${owners}.json`, { entry: { minutes: '2' } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/other users' entries/);
    expect((await leader.json('DELETE', `/api/entries/${owners}.json`)).status).toBe(422);
    expect((await supervisor.json('PUT', `/api/entries/${owners}.json`, { entry: { minutes: '2' } })).status).toBe(200);
    expect(
      (
        await supervisor.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-04', user: team.service.ownerId, description: 'b' },
        })
      ).status,
    ).toBe(201);
  });
});

// Projects through the v1 API (spec 002 "Projects"), in JSON and XML, shared with v2.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createProject, serve } from '../support/support';
import { idOf, postEntryJson, V1 } from '../support/v1Support';

const PROJECT_KEYS = [
  'id',
  'name',
  'group_name',
  'project_group_id',
  'created_at',
  'updated_at',
  'minutes',
  'billable_minutes',
  'unbillable_minutes',
  'invoiced_minutes',
  'remaining_minutes',
  'budget_minutes',
  'billable',
  'import_id',
  'enabled',
  'color_hex',
  'stepping',
  // beside its other minute sums, as v2 sends it (service/README.md "Beyond the spec")
  'uninvoiced_minutes',
  // deprecated (spec 002), still sent
  'user_id',
  'budget',
  'account_id',
  'invoice_recipient_details',
  'cached_tags',
];

describe('v1 projects', () => {
  it('POST (JSON): 201 with Location; GET shows the project wrapped in project, with its sums; v2 sees the same project', async () => {
    const { service, client } = await serve();
    const v1 = V1.of(client);
    const reply = await v1.json('POST', '/api/projects.json', {
      project: { name: 'Site', group_name: 'Clients', billable: true, 'budget-minutes': 600, 'color-hex': 'FF8800' },
    });
    expect(reply.status).toBe(201);
    expect(reply.text).toHaveLength(1);
    const id = idOf(reply);
    expect(reply.headers.get('location')).toBe(`${service.url}/api/projects/${id}`);
    await postEntryJson(v1, { minutes: '1:30', 'project-id': id });

    const shown = await v1.json('GET', `/api/projects/${id}.json`);
    expect(Object.keys(shown.body)).toEqual(['project']);
    expect(Object.keys(shown.body.project).sort()).toEqual([...PROJECT_KEYS].sort());
    expect(shown.body.project).toMatchObject({
      id,
      name: 'Site',
      group_name: 'Clients',
      minutes: 90,
      billable_minutes: 90,
      unbillable_minutes: 0,
      invoiced_minutes: 0,
      uninvoiced_minutes: 90,
      budget_minutes: 600,
      remaining_minutes: 510,
      billable: true,
      enabled: true,
      color_hex: 'ff8800',
      stepping: 15,
      import_id: null,
    });
    const v2 = (await client.get(`/v2/projects/${id}`)).body;
    expect(v2).toMatchObject({
      name: 'Site',
      color: '#ff8800',
      budgeted_minutes: 600,
      remaining_minutes: 510,
      group: { name: 'Clients' },
      minutes: 90,
    });
    expect(shown.body.project.project_group_id).toBe(v2.group.id);
  });

  it('POST and PUT (XML), list active and archived, archive and active by GET with a Location', async () => {
    const { service, client } = await serve();
    const v1 = V1.of(client);
    const made = await v1.xml(
      'POST',
      '/api/projects.xml',
      '<project><name>Docs</name><billable type="boolean">false</billable><color_hex>00aa11</color_hex><budget_minutes>60</budget_minutes></project>',
    );
    expect(made.status).toBe(201);
    const id = idOf(made);
    const shown = await v1.xml('GET', `/api/projects/${id}.xml`);
    expect(shown.body.project).toMatchObject({
      name: 'Docs',
      billable: 'false',
      color_hex: '00aa11',
      budget_minutes: '60',
      remaining_minutes: '60',
      group_name: null,
    });
    expect(shown.text).toContain('<group_name nil="true"/>');
    const put = await v1.xml(
      'PUT',
      `/api/projects/${id}.xml`,
      '<project><name>Docs v2</name><group_name>Internal</group_name></project>',
    );
    expect(put.status).toBe(200);
    expect(put.body.project).toMatchObject({
      name: 'Docs v2',
      group_name: 'Internal',
      billable: 'false',
      color_hex: '00aa11',
      budget_minutes: '60',
    });
    expect(put.text).toContain('<billable type="boolean">false</billable>');
    const other = await createProject(client, { name: 'Another' });
    await postEntryJson(v1, { minutes: '1', 'project-id': id });

    const archived = await v1.xml('GET', `/api/projects/${id}/archive.xml`);
    expect(archived.status).toBe(200);
    expect(archived.headers.get('location')).toBe(`${service.url}/api/projects/${id}`);
    expect(archived.body.project.enabled).toBe('false');
    expect((await v1.json('GET', `/api/projects/${id}/archive.json`)).status).toBe(200); // also if already archived
    expect((await client.get(`/v2/projects/${id}`)).body.enabled).toBe(false);

    const list = await v1.json('GET', '/api/projects.json');
    expect(list.body.map((w: any) => [w.project.name, w.project.enabled])).toEqual([
      ['Another', true],
      ['Docs v2', false],
    ]);
    const xmlList = await v1.xml('GET', '/api/projects.xml');
    expect(xmlList.body.projects.project.map((p: any) => p.name)).toEqual(['Another', 'Docs v2']);

    const active = await v1.json('GET', `/api/projects/${id}/active.json`);
    expect(active.status).toBe(200);
    expect(active.headers.get('location')).toBe(`${service.url}/api/projects/${id}`);
    expect(active.body.project.enabled).toBe(true);
    expect((await v1.json('GET', `/api/projects/${id}/active`)).status).toBe(200); // also if already active
    // Spec 000 conventions 11: a project without records cannot be archived, only deleted.
    const empty = await v1.json('GET', `/api/projects/${other}/archive.json`);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([{ resource: 'Project', field: 'base', code: 'deletable' }]);
  });

  it('HEAD on archive answers the headers and archives nothing', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    await postEntryJson(v1, { 'project-id': p });
    const head = await v1.raw('HEAD', `/api/projects/${p}/archive.json`);
    expect(head.status).toBe(200);
    expect((await client.get(`/v2/projects/${p}`)).body.enabled).toBe(true);
  });

  it('DELETE: 200 for a project without records; 422 with a plain-text reason otherwise', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const empty = await createProject(client, { name: 'Empty' });
    const busy = await createProject(client, { name: 'Busy' });
    await postEntryJson(v1, { 'project-id': busy });
    const refused = await v1.xml('DELETE', `/api/projects/${busy}.xml`);
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(refused.text).toBe(
      'The project "Busy" has entries, expenses or invoices, so it cannot be deleted. Archive it instead.',
    );
    expect((await v1.json('DELETE', `/api/projects/${empty}.json`)).status).toBe(200);
    expect((await client.get(`/v2/projects/${empty}`)).status).toBe(404);
    expect((await v1.json('DELETE', `/api/projects/${empty}.json`)).status).toBe(404);
  });

  it('422 for invalid data and a duplicate name; PUT answers 400 for a wrong data type, POST 422; an archived project cannot change', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client, { name: 'Taken' });
    for (const [body, field] of [
      [{ project: {} }, 'name'],
      [{ project: { name: 'taken' } }, 'name'],
      [{ project: { name: 'x', 'color-hex': 'red' } }, 'color-hex'],
      [{ project: { name: 'x', 'budget-minutes': -5 } }, 'budget-minutes'],
      [{ project: { name: 'x', billable: 'yes' } }, 'billable'],
      [{ project: { name: 'x', color_hex: 'aabbcc' } }, 'color-hex'],
    ] as const) {
      const reply = await v1.json('POST', '/api/projects.json', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(
        reply.body.errors.map((e: any) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    for (const body of [
      { project: { billable: 'yes' } },
      { project: { 'budget-minutes': 'lots' } },
      { project: { name: 12 } },
    ]) {
      const reply = await v1.json('PUT', `/api/projects/${p}.json`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await v1.xml('PUT', `/api/projects/${p}.xml`, '<project><billable>perhaps</billable></project>')).status,
    ).toBe(400);
    expect((await v1.json('PUT', `/api/projects/${p}.json`, { project: { 'color-hex': 'nothex' } })).status).toBe(422);
    expect((await v1.json('PUT', `/api/projects/${p}.json`, { project: { name: '' } })).status).toBe(422);
    await postEntryJson(v1, { 'project-id': p });
    await v1.json('GET', `/api/projects/${p}/archive.json`);
    const frozen = await v1.json('PUT', `/api/projects/${p}.json`, { project: { name: 'Renamed' } });
    expect(frozen.status).toBe(422);
    expect((await client.get('/v2/projects')).body.map((x: any) => x.name)).toEqual(['Taken']);
  });

  it('the free-account limit of 1 project (ServiceOptions.projectLimit) answers 422, through project-name of an entry too', async () => {
    const { client } = await serve({ projectLimit: 1 });
    const v1 = V1.of(client);
    expect((await v1.json('POST', '/api/projects.json', { project: { name: 'One' } })).status).toBe(201);
    const second = await v1.xml('POST', '/api/projects.xml', '<project><name>Two</name></project>');
    expect(second.status).toBe(422);
    expect(second.body.error.errors.error[0]).toMatchObject({ code: 'reached_project_limit' });
    const viaEntry = await v1.json('POST', '/api/entries.json', {
      entry: { minutes: '1', date: '2024-03-04', 'project-name': 'Three' },
    });
    expect(viaEntry.status).toBe(422);
    expect((await client.get('/v2/projects')).body).toHaveLength(1);
    expect((await client.get('/v2/entries')).body).toHaveLength(0);
  });

  it('roles: freelancers see only projects given them (404 for others) and change none; coworkers view but do not manage (422)', async () => {
    const team = await serveTeam();
    const given = await createProject(team.client, { name: 'Given' });
    const hidden = await createProject(team.client, { name: 'Hidden' });
    const contractor = await team.member('contractor');
    expect(
      (await team.client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] })).status,
    ).toBe(204);
    const c = V1.of(contractor.client);
    expect((await c.json('GET', '/api/projects.json')).body.map((w: any) => w.project.name)).toEqual(['Given']);
    expect((await c.json('GET', `/api/projects/${hidden}.json`)).status).toBe(404);
    expect((await c.json('GET', `/api/projects/${given}.json`)).status).toBe(200);
    expect((await c.json('POST', '/api/projects.json', { project: { name: 'Mine' } })).status).toBe(422);
    expect((await c.json('PUT', `/api/projects/${given}.json`, { project: { name: 'Mine' } })).status).toBe(422);
    const coworker = V1.of((await team.member('coworker')).client);
    expect((await coworker.json('GET', '/api/projects.json')).body).toHaveLength(2);
    expect((await coworker.json('POST', '/api/projects.json', { project: { name: 'Mine' } })).status).toBe(422);
    const del = await coworker.json('DELETE', `/api/projects/${hidden}.json`);
    expect(del.status).toBe(422);
    expect(del.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await coworker.json('GET', `/api/projects/${hidden}/archive.json`)).status).toBe(422);
    const leader = V1.of((await team.member('leader')).client);
    expect((await leader.json('POST', '/api/projects.json', { project: { name: 'Led' } })).status).toBe(201);
  });
});

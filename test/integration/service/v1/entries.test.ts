// Entries through the v1 API (spec 002 "Entries"), in JSON and XML, and the same data through v2.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createEntry, createProject, serve } from '../support/support';
import { idOf, postEntryJson, V1, v2Count } from '../support/v1Support';

const ENTRY_KEYS = [
  'id',
  'date',
  'user_id',
  'user_name',
  'billable',
  'created_at',
  'updated_at',
  'minutes',
  'description',
  'project_id',
  'project',
  'tags',
  'url',
  'invoiced_at',
  'project_invoice_id',
  'import_id',
  // deprecated (spec 002), still sent
  'time_to',
  'recently_updated_at',
  'description_text',
  'formatted_description',
  'money_status',
  'time_from',
  'billable_status',
];

describe('POST /api/entries', () => {
  it('JSON: 201 with Location /api/entries/<id> and a body of length 1; the entry reads back wrapped in entry, and through v2', async () => {
    const { service, client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client, { name: 'Site' });
    const reply = await v1.json('POST', '/api/entries.json', {
      entry: {
        minutes: '1:30',
        date: '2024-03-01',
        'project-id': p,
        description: 'meeting,   Layout work for the site, client call',
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.text).toHaveLength(1);
    const id = idOf(reply);
    expect(reply.headers.get('location')).toBe(`${service.url}/api/entries/${id}`);

    const shown = await v1.json('GET', `/api/entries/${id}.json`);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body)).toEqual(['entry']);
    const e = shown.body.entry;
    expect(Object.keys(e).sort()).toEqual([...ENTRY_KEYS].sort());
    expect(e).toMatchObject({
      id,
      date: '2024-03-01',
      user_id: service.ownerId,
      user_name: 'me@stint.local',
      billable: true,
      minutes: 90,
      // spec 002: tags to the front in alphabetical order, whitespace normalised
      description: 'client call, meeting, Layout work for the site',
      project_id: p,
      project: { id: p, name: 'Site' },
      url: null,
      invoiced_at: null,
      project_invoice_id: null,
      import_id: null,
      created_at: '2024-03-04T09:00:00Z',
      description_text: 'Layout work for the site',
      money_status: 'not_invoiced',
      billable_status: 'billable',
    });
    expect(e.tags.map((t: any) => [t.name, t.billable])).toEqual([
      ['client call', true],
      ['meeting', true],
    ]);

    const v2 = (await client.get(`/v2/entries/${id}`)).body;
    expect(v2).toMatchObject({
      minutes: 90,
      description: 'client call, meeting, Layout work for the site',
      project: { id: p },
    });
    expect(v2.tags.map((t: any) => t.id)).toEqual(e.tags.map((t: any) => t.id));
  });

  it('XML: project_name creates the project, nil project_id is no project, and the answer is XML with types', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const reply = await v1.xml(
      'POST',
      '/api/entries.xml',
      '<?xml version="1.0" encoding="UTF-8"?><entry><minutes>1h 30m</minutes><date>2024-03-02</date><project_name>New site</project_name><description>design, Drew &amp; cut the &lt;header&gt;</description></entry>',
    );
    expect(reply.status).toBe(201);
    expect(reply.headers.get('content-type')).toMatch(/^text\/xml/);
    const shown = await v1.xml('GET', `/api/entries/${idOf(reply)}.xml`);
    expect(shown.text).toContain('<minutes type="integer">90</minutes>');
    expect(shown.text).toContain('<billable type="boolean">true</billable>');
    expect(shown.text).toContain('<url nil="true"/>');
    expect(shown.body.entry).toMatchObject({
      description: 'design, Drew & cut the <header>',
      project: { name: 'New site' },
    });
    expect(shown.body.entry.tags.tag.map((t: any) => t.name)).toEqual(['design']);
    const projects = (await client.get('/v2/projects')).body;
    expect(projects.map((p: any) => p.name)).toEqual(['New site']);

    const none = await v1.xml(
      'POST',
      '/api/entries.xml',
      '<entry><minutes>15</minutes><date>2024-03-02</date><project_id nil="true"/></entry>',
    );
    expect(none.status).toBe(201);
    const noProject = await v1.xml('GET', `/api/entries/${idOf(none)}.xml`);
    expect(noProject.text).toContain('<project_id nil="true"/>');
    expect(noProject.text).toContain('<project nil="true"/>');
  });

  it('spells project keys as the spec says: project-id in JSON, project_id in XML; the other spelling is refused and nothing is written', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    const json = await v1.json('POST', '/api/entries.json', {
      entry: { minutes: '1', date: '2024-03-04', project_id: p },
    });
    expect(json.status).toBe(422);
    expect(json.body.errors).toContainEqual({ resource: 'Entry', field: 'project-id', code: 'invalid' });
    expect(json.body.message).toMatch(/written "project-id" in JSON/);
    const xml = await v1.xml(
      'POST',
      '/api/entries.xml',
      `<entry><minutes>1</minutes><date>2024-03-04</date><project-id>${p}</project-id></entry>`,
    );
    expect(xml.status).toBe(422);
    expect(xml.body.error.message).toMatch(/written "project_id" in XML/);
    expect(await v2Count(client, '/v2/entries')).toBe(0);
    // Spelled right, both work, and the id wins over the name (spec 002).
    expect(
      (
        await v1.json('POST', '/api/entries.json', {
          entry: { minutes: '1', date: '2024-03-04', 'project-id': p, 'project-name': 'Other' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await v1.xml(
          'POST',
          '/api/entries.xml',
          `<entry><minutes>2</minutes><date>2024-03-04</date><project_id>${p}</project_id></entry>`,
        )
      ).status,
    ).toBe(201);
    const entries = (await client.get('/v2/entries')).body;
    expect(entries.map((e: any) => e.project.id)).toEqual([p, p]);
    expect((await client.get('/v2/projects')).body).toHaveLength(1);
  });

  it('stores minutes as given, not rounded to the project increment (spec 002: the client rounds); v2 rounds its own', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client, { billing_increment: 15 });
    const id = await postEntryJson(v1, { minutes: '7m', 'project-id': p });
    expect((await client.get(`/v2/entries/${id}`)).body.minutes).toBe(7);
    expect((await createEntry(client, { project_id: p, minutes: 7 })).minutes).toBe(15);
  });

  it('names the user by id, e-mail or full name; an unknown, ambiguous or deactivated user answers 422 and writes nothing', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const ann = await team.member('leader', { email: 'ann@example.test', first_name: 'Ann', last_name: 'Lee' });
    for (const user of [ann.id, String(ann.id), 'ANN@example.test', 'Ann Lee', 'ann lee']) {
      const id = await postEntryJson(v1, { user, minutes: '1', description: `for ${JSON.stringify(user)}` });
      expect((await v1.json('GET', `/api/entries/${id}.json`)).body.entry).toMatchObject({
        user_id: ann.id,
        user_name: 'Ann Lee',
      });
    }
    await team.member('coworker', { first_name: 'Bo', last_name: 'Ng' });
    await team.member('coworker', { first_name: 'Bo', last_name: 'Ng' });
    const gone = await team.member('coworker', { first_name: 'Cy', last_name: 'Old' });
    expect((await team.client.put(`/v2/users/${gone.id}/deactivate`)).status).toBe(204);
    const before = await v2Count(team.client, '/v2/entries');
    for (const [user, message] of [
      ['nobody@example.test', /no user "nobody@example.test"/],
      ['999', /no user "999"/],
      ['Zed Zero', /no user "Zed Zero"/],
      ['Bo Ng', /more than one user/],
      ['Cy Old', /not active/],
    ] as const) {
      const reply = await v1.json('POST', '/api/entries.json', { entry: { user, minutes: '1', date: '2024-03-04' } });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toMatch(message);
    }
    expect(await v2Count(team.client, '/v2/entries')).toBe(before);
  });

  it('refuses the exact same entry submitted again within a minute (422), and takes it after the minute or when anything differs', async () => {
    const { client, clock } = await serve();
    const v1 = V1.of(client);
    const body = { entry: { minutes: '1:00', date: '2024-03-04', description: 'call, Spoke about the plan' } };
    expect((await v1.json('POST', '/api/entries.json', body)).status).toBe(201);
    clock.advance(30_000);
    const again = await v1.json('POST', '/api/entries.json', body);
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/within the last minute/);
    // The same after normalisation is the same entry.
    expect(
      (
        await v1.xml(
          'POST',
          '/api/entries.xml',
          '<entry><minutes>60</minutes><date>2024-03-04</date><description>Spoke about the plan,call</description></entry>',
        )
      ).status,
    ).toBe(422);
    expect((await v1.json('POST', '/api/entries.json', { entry: { ...body.entry, minutes: '1:01' } })).status).toBe(
      201,
    );
    clock.advance(31_000);
    expect((await v1.json('POST', '/api/entries.json', body)).status).toBe(201);
    expect(await v2Count(client, '/v2/entries')).toBe(3);
  });

  it('allow_hashtags: true reads #hashtags and keeps the text as written; without it, tags are classic and a #word creates no tag', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const hashed = await postEntryJson(v1, {
      description: 'Layout for the #design   review, meeting',
      allow_hashtags: true,
    });
    const h = (await v1.json('GET', `/api/entries/${hashed}.json`)).body.entry;
    expect(h.description).toBe('Layout for the #design   review, meeting');
    expect(h.tags.map((t: any) => t.name)).toEqual(['design']);
    const xml = await v1.xml(
      'POST',
      '/api/entries.xml',
      '<entry><minutes>1</minutes><date>2024-03-05</date><description>#qa pass</description><allow_hashtags type="boolean">true</allow_hashtags></entry>',
    );
    expect((await v1.xml('GET', `/api/entries/${idOf(xml)}.xml`)).body.entry.tags.tag.map((t: any) => t.name)).toEqual([
      'qa',
    ]);

    const classic = await postEntryJson(v1, { description: 'Fixed the #bug in login, meeting', allow_hashtags: false });
    const c = (await v1.json('GET', `/api/entries/${classic}.json`)).body.entry;
    expect(c.description).toBe('meeting, Fixed the #bug in login');
    expect(c.tags.map((t: any) => t.name)).toEqual(['meeting']);
    expect((await client.get('/v2/tags')).body.map((t: any) => t.name).sort()).toEqual(['design', 'meeting', 'qa']);
  });
});

describe('PUT and DELETE /api/entries/<id>', () => {
  it('PUT changes what it is sent and keeps the rest (JSON and XML); 200 with the entry', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client, { name: 'Keep' });
    const id = await postEntryJson(v1, { minutes: '1', 'project-id': p, description: 'meeting, Planning the work' });
    const put = await v1.json('PUT', `/api/entries/${id}.json`, { entry: { minutes: '45' } });
    expect(put.status).toBe(200);
    expect(put.body.entry).toMatchObject({
      id,
      minutes: 45,
      project_id: p,
      description: 'meeting, Planning the work',
      date: '2024-03-04',
    });
    expect(put.body.entry.tags.map((t: any) => t.name)).toEqual(['meeting']);

    const xml = await v1.xml(
      'PUT',
      `/api/entries/${id}.xml`,
      '<entry><description>review, qa</description><date>2024-03-09</date></entry>',
    );
    expect(xml.status).toBe(200);
    expect(xml.body.entry).toMatchObject({ description: 'qa, review', date: '2024-03-09', minutes: '45' });
    expect((await client.get(`/v2/entries/${id}`)).body.tags.map((t: any) => t.name)).toEqual(['qa', 'review']);
    // A project-id sent empty takes the entry out of its project.
    expect(
      (await v1.json('PUT', `/api/entries/${id}.json`, { entry: { 'project-id': null } })).body.entry.project,
    ).toBeNull();
  });

  it('refuses to change or delete an invoiced entry, an approved one, or one in an archived project (422); a missing one is 404', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    const invoiced = await postEntryJson(v1, { minutes: '1', 'project-id': p, description: 'a' });
    expect((await client.put(`/v2/entries/${invoiced}/marked_as_invoiced`, { date: '2024-03-10' })).status).toBe(204);
    const approved = await postEntryJson(v1, { minutes: '1', 'project-id': p, description: 'b' });
    expect((await client.put(`/v2/entries/${approved}/approved`)).status).toBe(204);
    const archived = await postEntryJson(v1, { minutes: '1', 'project-id': p, description: 'c' });
    const open = await postEntryJson(v1, { minutes: '1', description: 'd' });

    for (const [id, message] of [
      [invoiced, /invoiced/],
      [approved, /approved/],
    ] as const) {
      const put = await v1.json('PUT', `/api/entries/${id}.json`, { entry: { minutes: '2' } });
      expect(put.status).toBe(422);
      expect(put.body.message).toMatch(message);
      expect((await v1.xml('DELETE', `/api/entries/${id}.xml`)).status).toBe(422);
    }
    expect((await v1.json('GET', `/api/projects/${p}/archive.json`)).status).toBe(200);
    const put = await v1.json('PUT', `/api/entries/${archived}.json`, { entry: { minutes: '2' } });
    expect(put.status).toBe(422);
    expect(put.body.message).toMatch(/archived project/);
    expect((await v1.json('DELETE', `/api/entries/${archived}.json`)).status).toBe(422);
    // Moving an entry into the archived project is refused too.
    expect((await v1.json('PUT', `/api/entries/${open}.json`, { entry: { 'project-id': p } })).status).toBe(422);
    expect(await v2Count(client, '/v2/entries')).toBe(4);

    const xmlGone = await v1.xml('DELETE', `/api/entries/${await postEntryJson(v1, { description: 'e' })}.xml`);
    expect(xmlGone.status).toBe(200);
    expect(xmlGone.headers.get('content-type')).toMatch(/^text\/xml/);
    const gone = await v1.json('DELETE', `/api/entries/${open}.json`);
    expect(gone.status).toBe(200);
    expect((await client.get(`/v2/entries/${open}`)).status).toBe(404);
    expect((await v1.json('DELETE', `/api/entries/${open}.json`)).status).toBe(404);
    expect((await v1.xml('PUT', '/api/entries/999999.xml', '<entry><minutes>1</minutes></entry>')).status).toBe(404);
  });
});

describe('v1 and v2 share their entries', () => {
  it('a v2 change that leaves the description keeps v1 classic tags; a new v2 description reads #hashtags', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const id = await postEntryJson(v1, { description: 'client call, Wrote the summary' });
    const kept = await client.put(`/v2/entries/${id}`, { minutes: 60 });
    expect(kept.status).toBe(200);
    expect(kept.body.tags.map((t: any) => t.name)).toEqual(['client call']);
    expect((await v1.json('GET', `/api/entries/${id}.json`)).body.entry.tags.map((t: any) => t.name)).toEqual([
      'client call',
    ]);
    const changed = await client.put(`/v2/entries/${id}`, { minutes: 60, description: 'Wrote the #summary' });
    expect(changed.body.tags.map((t: any) => t.name)).toEqual(['summary']);
  });

  it('a v2 change that sends the same description keeps v1 classic tags; a v1 change that sends it reads it again by its rule', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const tagsOf = async (id: number) =>
      (await v1.json('GET', `/api/entries/${id}.json`)).body.entry.tags.map((t: any) => t.name);
    const id = await postEntryJson(v1, { description: 'client call, Wrote the #summary' });
    const { description } = (await client.get(`/v2/entries/${id}`)).body;
    const kept = await client.put(`/v2/entries/${id}`, { minutes: 60, description });
    expect(kept.body.tags.map((t: any) => t.name)).toEqual(['client call']);
    expect(await tagsOf(id)).toEqual(['client call']);
    // v1 sends the same text as #hashtags (allow_hashtags): its tags are read anew.
    const again = await v1.json('PUT', `/api/entries/${id}.json`, { entry: { description, allow_hashtags: true } });
    expect(again.status).toBe(200);
    expect(again.body.entry.tags.map((t: any) => t.name)).toEqual(['summary']);
    expect(await tagsOf(id)).toEqual(['summary']);
  });

  // The answer is built from what the write returned (domain/entryCommands/changeEntry.ts), not
  // read back: it must still be exactly the entry as it is stored.
  it("a v1 PUT answers the entry exactly as GET then shows it: another user's, its tags kept or read anew", async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const ann = await team.member('leader');
    const site = await createProject(team.client, { billing_increment: 1 });
    const free = await createProject(team.client, { billable: false });
    const id = await postEntryJson(v1, { user: ann.id, 'project-id': site, description: 'meeting, Planned it' });
    for (const entry of [
      { minutes: '20' },
      { minutes: '25', description: 'client call, layout' },
      { minutes: '31', 'project-id': free },
      { minutes: '5', 'project-name': 'Made by this change', user: team.service.ownerId },
      { description: 'Done #design', allow_hashtags: true, 'project-id': '', 'project-name': '' },
    ]) {
      const put = await v1.json('PUT', `/api/entries/${id}.json`, { entry });
      expect(put.status, JSON.stringify(entry)).toBe(200);
      expect(put.body, JSON.stringify(entry)).toEqual((await v1.json('GET', `/api/entries/${id}.json`)).body);
    }
  });

  it("a v1 change without a description keeps a v2 entry's #hashtags; v1 sees v2 entries and v2 sees v1 entries", async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const made = await createEntry(client, { description: 'Layout #design', minutes: 30 });
    const put = await v1.json('PUT', `/api/entries/${made.id}.json`, { entry: { minutes: '2h' } });
    expect(put.body.entry).toMatchObject({ minutes: 120, description: 'Layout #design' });
    expect(put.body.entry.tags.map((t: any) => t.name)).toEqual(['design']);
    const viaV1 = await postEntryJson(v1, { minutes: '15', description: 'x' });
    const v2ids = (await client.get('/v2/entries')).body.map((e: any) => e.id).sort();
    const v1ids = (await v1.json('GET', '/api/entries.json')).body.map((w: any) => w.entry.id).sort();
    expect(v1ids).toEqual(v2ids);
    expect(v2ids).toEqual([made.id, viaV1].sort());
  });
});

describe('GET /api/entries', () => {
  it('lists newest date first in both formats, with the search filters of spec 002', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const ann = await team.member('leader', { first_name: 'Ann', last_name: 'Lee' });
    const site = await createProject(team.client, { name: 'Site' });
    const free = await createProject(team.client, { name: 'Free', billable: false });
    const a = await postEntryJson(v1, { date: '2024-03-01', description: 'meeting, client call', 'project-id': site });
    const b = await postEntryJson(v1, { date: '2024-03-03', description: 'meeting', 'project-id': free, user: ann.id });
    const c = await postEntryJson(v1, { date: '2024-03-02', description: 'client call, Another thing done' });

    const all = await v1.json('GET', '/api/entries.json');
    expect(all.body.map((w: any) => w.entry.id)).toEqual([b, c, a]);
    const xml = await v1.xml('GET', '/api/entries.xml');
    expect(xml.text).toContain('<entries type="array">');
    expect(xml.body.entries.entry.map((e: any) => Number(e.id))).toEqual([b, c, a]);

    const ids = async (query: string) =>
      (await v1.json('GET', `/api/entries.json?${query}`)).body.map((w: any) => w.entry.id);
    const tags = (await team.client.get('/v2/tags')).body;
    const meeting = tags.find((t: any) => t.name === 'meeting').id;
    expect(await ids(`search[people]=${ann.id}`)).toEqual([b]);
    expect(await ids(`search[people]=${team.service.ownerId},${ann.id}`)).toEqual([b, c, a]);
    expect(await ids(`search[projects]=${site},${free}`)).toEqual([b, a]);
    expect(await ids(`search[tags]=${meeting}`)).toEqual([b, a]);
    expect(await ids(`search[tags]=${encodeURIComponent('client call')}`)).toEqual([c, a]);
    expect(await ids(`search[tags]=${meeting},${encodeURIComponent('client call')}`)).toEqual([a]); // AND, ids and names mixed
    expect(await ids('search[tags]=nosuchtag')).toEqual([]);
    expect(await ids('search[from]=2024-03-02')).toEqual([b, c]);
    expect(await ids('search[to]=2024-03-02')).toEqual([c, a]);
    expect(await ids('search[billable]=false')).toEqual([b]);
    expect(await ids('search[billable]=true')).toEqual([c, a]);
  });

  it('pages with per_page (1 to 1000, default 100) and a Link to the next page; a bad per_page answers 422', async () => {
    const { service, client, clock } = await serve();
    const v1 = V1.of(client);
    for (let i = 1; i <= 5; i++) {
      await postEntryJson(v1, { date: `2024-03-0${i}`, description: `n${i}` });
      clock.advance(1000);
    }
    const first = await v1.json('GET', '/api/entries.json?per_page=2');
    expect(first.body.map((w: any) => w.entry.date)).toEqual(['2024-03-05', '2024-03-04']);
    expect(first.headers.get('link')).toContain(`<${service.url}/api/entries.json?per_page=2&page=2>; rel="next"`);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const second = await v1.raw('GET', next.slice(service.url.length));
    expect(second.body.map((w: any) => w.entry.date)).toEqual(['2024-03-03', '2024-03-02']);
    expect((await v1.json('GET', '/api/entries.json')).headers.get('link')).toBeNull();
    for (const bad of [
      'per_page=0',
      'per_page=1001',
      'per_page=x',
      'search[from]=yesterday',
      'search[people]=a',
      'search[billable]=maybe',
    ]) {
      const reply = await v1.json('GET', `/api/entries.json?${bad}`);
      expect(reply.status, bad).toBe(422);
    }
    expect((await v1.json('GET', '/api/entries.json?per_page=1000')).status).toBe(200);
  });
});

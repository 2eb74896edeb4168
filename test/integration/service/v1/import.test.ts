// POST /api/entries/import (spec 002): XML as the spec shows it and the JSON form of
// service/README.md; entries naming a missing or inactive user are skipped; nothing is created
// when nothing can be, or when any item is invalid.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createProject, serve } from '../support/support';
import { V1, v2Count } from '../support/v1Support';

const IMPORT_KEYS = [
  'billable',
  'created-at',
  'date',
  'description',
  'id',
  'minutes',
  'project-id',
  'updated-at',
  'url',
  'user-id',
];

describe('POST /api/entries/import', () => {
  it('XML: creates every entry, answers 200 with them in the hyphenated fields, and v2 sees them with their import', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const ann = await team.member('leader', { email: 'ann@example.test', first_name: 'Ann', last_name: 'Lee' });
    const site = await createProject(team.client, { name: 'Site' });
    const reply = await v1.xml(
      'POST',
      '/api/entries/import.xml',
      `<?xml version="1.0" encoding="UTF-8"?>
      <entries>
        <entry><minutes>1:30</minutes><date>2024-02-01</date><user>ann@example.test</user><project_id>${site}</project_id><description>meeting, Weekly sync with the team</description></entry>
        <entry><minutes>45</minutes><date>2024-02-02</date><user>Ann Lee</user><project_name>Brand new</project_name><project_id>${site}</project_id></entry>
        <entry><minutes>2</minutes><date>2024-02-03</date></entry>
      </entries>`,
    );
    expect(reply.status).toBe(200);
    const items = reply.body.entries.entry;
    expect(items).toHaveLength(3);
    expect(Object.keys(items[0]).sort()).toEqual([...IMPORT_KEYS].sort());
    expect(items[0]).toMatchObject({
      minutes: '90',
      date: '2024-02-01',
      'user-id': String(ann.id),
      'project-id': String(site),
      description: 'meeting, Weekly sync with the team',
    });
    // "In bulk import only, project name takes precedence over project id when both are given."
    const v2 = (await team.client.get('/v2/entries')).body;
    const second = v2.find((e: any) => e.date === '2024-02-02');
    expect(second.project.name).toBe('Brand new');
    expect(v2.find((e: any) => e.date === '2024-02-03').user.id).toBe(team.service.ownerId);
    const importIds = new Set(v2.map((e: any) => e.import?.id));
    expect(importIds.size).toBe(1);
    const [importId] = [...importIds];
    expect(typeof importId).toBe('number');
    expect((await team.client.get(`/v2/entries?import_ids=${importId}`)).body).toHaveLength(3);
    expect((await v1.json('GET', '/api/entries.json')).body.every((w: any) => w.entry.import_id === importId)).toBe(
      true,
    );
  });

  it('JSON: {"entries": [...]} with bare or wrapped items, or a bare array; keys as in a single create', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const site = await createProject(client, { name: 'Site' });
    const reply = await v1.json('POST', '/api/entries/import.json', {
      entries: [
        { minutes: '1h', date: '2024-02-01', 'project-id': site, description: 'qa' },
        { entry: { minutes: '15', date: '2024-02-02', 'project-name': 'Site' } },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.map((w: any) => [w.entry.minutes, w.entry['project-id']])).toEqual([
      [60, site],
      [15, site],
    ]);
    expect(Object.keys(reply.body[0].entry).sort()).toEqual([...IMPORT_KEYS].sort());
    const bare = await v1.json('POST', '/api/entries/import.json', [{ minutes: '5m', date: '2024-02-03' }]);
    expect(bare.status).toBe(200);
    expect(await v2Count(client, '/v2/entries')).toBe(3);
    // The same entry twice is kept twice: the 1-minute duplicate rule is for single creates.
    const twice = await v1.json('POST', '/api/entries/import.json', {
      entries: [
        { minutes: '1', date: '2024-02-09' },
        { minutes: '1', date: '2024-02-09' },
      ],
    });
    expect(twice.body).toHaveLength(2);
  });

  it('skips entries of missing or inactive users and creates the others; 422 and nothing when every entry names one', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const gone = await team.member('coworker', { email: 'gone@example.test' });
    expect((await team.client.put(`/v2/users/${gone.id}/deactivate`)).status).toBe(204);
    const partial = await v1.json('POST', '/api/entries/import.json', {
      entries: [
        { minutes: '1', date: '2024-02-01', user: 'nobody@example.test' },
        { minutes: '2', date: '2024-02-01', user: 'gone@example.test' },
        { minutes: '3', date: '2024-02-01' },
      ],
    });
    expect(partial.status).toBe(200);
    expect(partial.body.map((w: any) => w.entry.minutes)).toEqual([180]);

    const none = await v1.xml(
      'POST',
      '/api/entries/import.xml',
      '<entries><entry><minutes>1</minutes><date>2024-02-01</date><user>999</user></entry><entry><minutes>1</minutes><date>2024-02-01</date><user>gone@example.test</user></entry></entries>',
    );
    expect(none.status).toBe(422);
    expect(none.body.error.message).toMatch(/every entry names a missing or inactive user/);
    expect(await v2Count(team.client, '/v2/entries')).toBe(1);
  });

  it('422 and nothing created: no items, an item that does not parse, or an archived project', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    await v1.json('POST', '/api/entries.json', { entry: { minutes: '1', date: '2024-01-01', 'project-id': p } });
    expect((await v1.json('GET', `/api/projects/${p}/archive.json`)).status).toBe(200);
    const before = await v2Count(client, '/v2/entries');
    const bodies: Array<[string, 'json' | 'xml', string, RegExp]> = [
      ['no items (JSON)', 'json', '{"entries": []}', /no entries/],
      ['no items (XML)', 'xml', '<entries/>', /no entries/],
      ['an empty body', 'json', '', /no entries/],
      [
        'a time that does not parse',
        'json',
        JSON.stringify({
          entries: [
            { minutes: '1', date: '2024-02-01' },
            { minutes: 'soon', date: '2024-02-01' },
          ],
        }),
        /entries\[1\]\.minutes "soon" was not read/,
      ],
      [
        'a bad date',
        'xml',
        '<entries><entry><minutes>1</minutes><date>2024-02-30</date></entry></entries>',
        /entries\[0\]\.date/,
      ],
      [
        'an archived project',
        'json',
        JSON.stringify({
          entries: [
            { minutes: '1', date: '2024-02-01' },
            { minutes: '1', date: '2024-02-01', 'project-id': p },
          ],
        }),
        /entries\[1\].*archived/,
      ],
      ['a wrong root element', 'xml', '<entry><minutes>1</minutes></entry>', /<entries>/],
      ['not a list', 'json', '{"entries": {"minutes": "1"}}', /"entries"/],
      [
        'other elements inside <entries>',
        'xml',
        '<entries><entry><minutes>1</minutes><date>2024-02-01</date></entry><note>x</note></entries>',
        /<entry> elements only/,
      ],
    ];
    for (const [what, format, body, message] of bodies) {
      const reply = await v1.raw('POST', `/api/entries/import.${format}`, body, {
        'content-type': format === 'json' ? 'application/json' : 'text/xml',
      });
      expect(reply.status, what).toBe(422);
      expect(format === 'json' ? reply.body.message : reply.body.error.message, what).toMatch(message);
    }
    expect(await v2Count(client, '/v2/entries')).toBe(before);
    expect((await client.get('/v2/projects')).body).toHaveLength(1);
  });

  it('refuses freelancers (422), and a role that may not log for others cannot import for them', async () => {
    const team = await serveTeam();
    const contractor = await team.member('contractor');
    const coworker = await team.member('coworker');
    const body = { entries: [{ minutes: '1', date: '2024-02-01' }] };
    const refused = await V1.of(contractor.client).json('POST', '/api/entries/import.json', body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/freelancers/);
    expect((await V1.of(coworker.client).json('POST', '/api/entries/import.json', body)).status).toBe(200);
    const forOthers = await V1.of(coworker.client).json('POST', '/api/entries/import.json', {
      entries: [{ minutes: '1', date: '2024-02-01', user: team.service.ownerId }],
    });
    expect(forOthers.status).toBe(422);
    expect(await v2Count(team.client, '/v2/entries')).toBe(1);
  });
});

// Bad input to the v1 API: each answers the spec's status (422 for invalid data, spec 002), in
// the request's format, writes nothing, and leaves the service answering.
import { describe, expect, it } from 'vitest';
import { createProject, serve } from '../support/support';
import { V1, v2Count } from '../support/v1Support';

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<entry><minutes>1</minutes><date>2024-03-04</date><description>&lol9;</description></entry>`;

/** A POST the v1 API must refuse with 422, and what its message says. */
interface Case {
  what: string;
  path: string;
  /** '': no content-type header. */
  contentType: string;
  body: string;
  message: RegExp;
}

/** Rows written as [what, path, contentType, body, message]. */
const cases = (...rows: Array<[string, string, string, string, RegExp]>): Case[] =>
  rows.map(([what, path, contentType, body, message]) => ({ what, path, contentType, body, message }));

const XML_CASES = cases(
  ['billion laughs', '/api/entries.xml', 'text/xml', LAUGHS, /DOCTYPE or ENTITY/],
  [
    'billion laughs to import',
    '/api/entries/import.xml',
    'text/xml',
    LAUGHS.replace('<entry>', '<entries><entry>').replace('</entry>', '</entry></entries>'),
    /DOCTYPE or ENTITY/,
  ],
  [
    'an external entity (XXE)',
    '/api/entries.xml',
    'text/xml',
    '<?xml version="1.0"?><!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]><entry><minutes>1</minutes><date>2024-03-04</date><description>&x;</description></entry>',
    /DOCTYPE/,
  ],
  [
    'an undeclared entity',
    '/api/entries.xml',
    'text/xml',
    '<entry><minutes>1</minutes><date>2024-03-04</date><description>&lol;</description></entry>',
    /&lol;/,
  ],
  [
    'an unclosed element',
    '/api/entries.xml',
    'text/xml',
    '<entry><minutes>1</minutes><date>2024-03-04</entry>',
    /Malformed XML/,
  ],
  ['not XML at all', '/api/entries.xml', 'text/xml', 'minutes=1&date=2024-03-04', /Malformed XML/],
  ['truncated', '/api/entries.xml', 'text/xml', '<entry><minutes>1</min', /Malformed XML/],
  ['a wrong root element', '/api/entries.xml', 'text/xml', '<project><name>x</name></project>', /<entry>/],
  ['two root elements', '/api/entries.xml', 'text/xml', '<entry><minutes>1</minutes></entry><entry/>', /one <entry>/],
  [
    'nesting past the limit',
    '/api/entries.xml',
    'text/xml',
    `<entry>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</entry>`,
    /Malformed XML/,
  ],
  [
    'a JSON body to an .xml path',
    '/api/entries.xml',
    'application/json',
    '{"entry":{"minutes":"1","date":"2024-03-04"}}',
    /path asks for \.xml/,
  ],
  [
    'an XML body to a .json path',
    '/api/entries.json',
    'text/xml',
    '<entry><minutes>1</minutes><date>2024-03-04</date></entry>',
    /path asks for \.json/,
  ],
  [
    'a JSON body without a content type to an .xml path',
    '/api/entries.xml',
    '',
    '{"entry":{"minutes":"1","date":"2024-03-04"}}',
    /Malformed XML/,
  ],
  [
    'a repeated attribute',
    '/api/entries.xml',
    'text/xml',
    '<entry><minutes>1</minutes><minutes>2</minutes><date>2024-03-04</date></entry>',
    /minutes/,
  ],
  [
    'an attribute holding elements',
    '/api/entries.xml',
    'text/xml',
    '<entry><minutes><h>1</h></minutes><date>2024-03-04</date></entry>',
    /minutes/,
  ],
);

const JSON_CASES = cases(
  ['invalid JSON', '/api/entries.json', 'application/json', '{"entry": {"minutes": "1",', /JSON Parsing Error/],
  ['a JSON array for an entry', '/api/entries.json', 'application/json', '[1, 2]', /JSON Hash/],
  ['a JSON string', '/api/entries.json', 'application/json', '"1:30"', /JSON Hash/],
  ['no attributes', '/api/entries.json', 'application/json', '{"entry": {}}', /minutes is required; date is required/],
  [
    'a minutes object',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": {"h": 1}, "date": "2024-03-04"}}',
    /minutes must be a time/,
  ],
  [
    'a date that does not exist',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-02-30"}}',
    /date must be a date/,
  ],
  [
    'allow_hashtags not a boolean',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "allow_hashtags": "yes"}}',
    /allow_hashtags/,
  ],
  [
    'a project that does not exist',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "project-id": 99999}}',
    /does not exist/,
  ],
  [
    'an unknown user by e-mail',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "user": "ghost@example.test"}}',
    /no user/,
  ],
  [
    'an unknown user by id',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "user": 424242}}',
    /no user/,
  ],
  [
    'an unknown user by name',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "user": "No Body"}}',
    /no user/,
  ],
  [
    'a user of the wrong type',
    '/api/entries.json',
    'application/json',
    '{"entry": {"minutes": "1", "date": "2024-03-04", "user": true}}',
    /user must be/,
  ],
  [
    'a description too long',
    '/api/entries.json',
    'application/json',
    JSON.stringify({ entry: { minutes: '1', date: '2024-03-04', description: 'x'.repeat(10_001) } }),
    /longer than 10000/,
  ],
);

const TIMES = ['soon', '1:5', '1:75', '1h30', '-1', '1,5', '1.5m', '25:00:00', '2 days', '1000000', '', '   '];

describe('v1 bad input', () => {
  it.each([...XML_CASES, ...JSON_CASES].map((c) => [c.what, c] as const))(
    '%s: 422, in the format of the path, nothing written',
    async (_what, { path, contentType, body, message }) => {
      const { client } = await serve();
      const v1 = V1.of(client);
      const reply = await v1.raw('POST', path, body, contentType ? { 'content-type': contentType } : {});
      expect(reply.status).toBe(422);
      const xmlPath = path.endsWith('.xml');
      expect(reply.headers.get('content-type')).toMatch(xmlPath ? /^text\/xml/ : /^application\/json/);
      expect(xmlPath ? reply.body.error.message : reply.body.message).toMatch(message);
      expect(await v2Count(client, '/v2/entries')).toBe(0);
      expect(await v2Count(client, '/v2/projects')).toBe(0);
      expect((await v1.json('GET', '/api/entries.json')).status).toBe(200);
    },
  );

  it.each(TIMES)(
    'the time string %j does not parse: 422 naming minutes, nothing written (JSON and XML)',
    async (time) => {
      const { client } = await serve();
      const v1 = V1.of(client);
      const json = await v1.json('POST', '/api/entries.json', { entry: { minutes: time, date: '2024-03-04' } });
      expect(json.status).toBe(422);
      expect(json.body.errors).toContainEqual({
        resource: 'Entry',
        field: 'minutes',
        code: time.trim() === '' ? 'missing_field' : 'invalid',
      });
      const xml = await v1.xml(
        'POST',
        '/api/entries.xml',
        `<entry><minutes>${time}</minutes><date>2024-03-04</date></entry>`,
      );
      expect(xml.status).toBe(422);
      expect(await v2Count(client, '/v2/entries')).toBe(0);
    },
  );

  it('a body past the size limit answers 422 and writes nothing', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const huge = `<entries>${'<entry><minutes>1</minutes><date>2024-03-04</date></entry>'.repeat(25_000)}</entries>`;
    const reply = await v1.xml('POST', '/api/entries/import.xml', huge);
    expect(reply.status).toBe(422);
    expect(await v2Count(client, '/v2/entries')).toBe(0);
  });

  it("600 KB of unclosed elements answer a short, well-formed v1 error, not the parser's whole tag stack", async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const body = `<entry>${'<a>'.repeat(200_000)}`;
    for (const path of ['/api/entries.xml', '/api/entries/import.xml', '/api/projects.xml']) {
      const reply = await v1.xml('POST', path, body);
      expect(reply.status, path).toBe(422);
      expect(reply.headers.get('content-type')).toMatch(/^text\/xml/);
      expect(reply.text.length, path).toBeLessThan(1000);
      expect(reply.body.error.message).toMatch(/^Malformed XML: /);
    }
    const longRoot = await v1.xml('POST', '/api/entries.xml', `<${'a'.repeat(600_000)}/>`);
    expect(longRoot.status).toBe(422);
    expect(longRoot.text.length).toBeLessThan(1000);
    expect(longRoot.body.error.message).toMatch(/must be a <entry> element/);
    expect(await v2Count(client, '/v2/entries')).toBe(0);
  });

  it('an import of more than 1000 entries is refused whole', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const reply = await v1.json('POST', '/api/entries/import.json', {
      entries: Array.from({ length: 1001 }, () => ({ minutes: '1', date: '2024-03-04' })),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/at most 1000/);
    expect(await v2Count(client, '/v2/entries')).toBe(0);
  });

  it('a PUT with bad input changes nothing', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client, { name: 'P' });
    const made = await v1.json('POST', '/api/entries.json', {
      entry: { minutes: '30', date: '2024-03-04', 'project-id': p, description: 'qa' },
    });
    const id = Number(made.headers.get('location')!.split('/').pop());
    const before = (await client.get(`/v2/entries/${id}`)).body;
    for (const body of [
      { entry: { minutes: 'later' } },
      { entry: { minutes: '1', user: 'ghost@example.test' } },
      { entry: { description: 'changed', date: 'tomorrow' } },
      { entry: { 'project-id': 424242 } },
    ]) {
      expect((await v1.json('PUT', `/api/entries/${id}.json`, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await v1.xml('PUT', `/api/entries/${id}.xml`, LAUGHS)).status).toBe(422);
    expect((await client.get(`/v2/entries/${id}`)).body).toEqual(before);
  });

  it('ids in paths that are not numbers name nothing; unknown paths answer 404 in their format', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    expect((await v1.json('PUT', '/api/entries/abc.json', { entry: {} })).status).toBe(404);
    expect((await v1.json('GET', '/api/projects/1e3.json')).status).toBe(404);
    const unknown = await v1.xml('GET', '/api/nothing.xml');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/xml/);
  });

  it('descriptions with characters XML cannot carry still answer well-formed XML', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    await client.post('/v2/entries', { date: '2024-03-04', minutes: 5, description: 'bell\u0007 ]]> <tag> & "q"' });
    const reply = await v1.xml('GET', '/api/entries.xml');
    expect(reply.status).toBe(200);
    expect(reply.body.entries.entry[0].description).toBe('bell\uFFFD ]]> <tag> & "q"');
  });
});

// v1's XML as the legacy client writes and reads it: the import body (escaped, refusing what XML
// cannot carry), answers with Rails' type and nil attributes, error bodies, no entity expansion;
// plain-text error reasons; matching an import's answer to the entries sent.
import { describe, expect, it } from 'vitest';
import { alignImported } from '../../../main/api/legacy/importAnswer';
import { LegacyXmlError, readXml, readXmlErrorBody, writeImportXml } from '../../../main/api/legacy/xml';
import { readErrorBody } from '../../../main/api/responseError';
import type { LegacyImportedEntry } from '../../../main/api/legacy';

describe('the import body', () => {
  it('is <entries> of <entry> elements, text escaped, undefined fields left out', () => {
    const xml = writeImportXml([
      { minutes: '1:30', date: '2024-02-01', description: 'a & <b> "c"', project_id: undefined },
      { minutes: '0:05', date: '2024-02-02' },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<entries><entry><minutes>1:30</minutes><date>2024-02-01</date><description>a &amp; &lt;b&gt; &quot;c&quot;</description></entry><entry><minutes>0:05</minutes><date>2024-02-02</date></entry></entries>',
    );
    expect(readXml(xml, 'entries')).toEqual({
      entry: [
        { minutes: '1:30', date: '2024-02-01', description: 'a & <b> "c"' },
        { minutes: '0:05', date: '2024-02-02' },
      ],
    });
  });

  it('refuses a character XML cannot carry, naming where it is', () => {
    expect(() => writeImportXml([{ date: '2024-01-01' }, { description: 'bell \u0007' }])).toThrow(
      new LegacyXmlError('entries[1].description holds a character XML cannot carry'),
    );
  });
});

describe('XML answers', () => {
  it('read nil as null, typed values by their type attribute, arrays of one or many', () => {
    const one = `<?xml version="1.0" encoding="UTF-8"?>
      <entries type="array"><entry><id type="integer">7</id><billable type="boolean">false</billable><project-id nil="true"/><description>x &#38; y&#x21;</description><url/></entry></entries>`;
    expect(readXml(one, 'entries')).toEqual([
      { id: 7, billable: false, 'project-id': null, description: 'x & y!', url: '' },
    ]);
    expect(
      readXml(
        '<entries type="array"><entry><id type="integer">1</id></entry><entry><id type="integer">2</id></entry></entries>',
        'entries',
      ),
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(readXml('<entries type="array"/>', 'entries')).toEqual([]);
  });

  it('never expand a declared entity: a document with a DOCTYPE is refused', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE entries [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><entries>&b;</entries>';
    expect(() => readXml(bomb, 'entries')).toThrow(LegacyXmlError);
    expect(readXml('<entries>&b;</entries>', 'entries')).toBe('&b;');
  });

  it('read v1 error bodies: XML {message, errors}, plain-text reasons, nothing from foreign bodies', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><error><message>Invalid data, nothing imported</message><errors type="array"><error><resource>Entry</resource><field>entries[1].date</field><code>invalid</code></error></errors></error>`;
    expect(readXmlErrorBody(xml)).toEqual({
      message: 'Invalid data, nothing imported',
      errors: [{ resource: 'Entry', field: 'entries[1].date', code: 'invalid' }],
    });
    expect(readXmlErrorBody('<html/>')).toBeNull();
    expect(readErrorBody('The project has entries.\n', 'text/plain; charset=utf-8')).toEqual({
      message: 'The project has entries.',
    });
    expect(readErrorBody('x'.repeat(600), 'text/plain')!.message).toHaveLength(501);
    expect(readErrorBody('<html>oops</html>', 'text/html')).toBeNull();
  });
});

describe('matching an import answer to the entries sent', () => {
  const made = (id: number, date: string, minutes: number, user = 1) =>
    ({ id, date, minutes, 'user-id': user }) as LegacyImportedEntry;

  it('takes them in order, null where an entry naming a user was skipped', () => {
    const inputs = [
      { date: '2024-01-01', minutes: 10 },
      { date: '2024-01-01', minutes: 10, user: 'gone@example.test' },
      { date: '2024-01-02', minutes: 20, user: 5 },
      { date: '2024-01-02', minutes: 20, user: 6 },
    ];
    expect(alignImported(inputs, [made(1, '2024-01-01', 10), made(2, '2024-01-02', 20, 6)])).toEqual([
      made(1, '2024-01-01', 10),
      null,
      null,
      made(2, '2024-01-02', 20, 6),
    ]);
    expect(alignImported(inputs.slice(0, 1), [made(1, '2024-01-01', 10)])).toEqual([made(1, '2024-01-01', 10)]);
  });

  it('cannot match an answer missing an entry that names no user, or holding more than was sent', () => {
    expect(
      alignImported(
        [
          { date: '2024-01-01', minutes: 10 },
          { date: '2024-01-02', minutes: 10 },
        ],
        [made(1, '2024-01-02', 10)],
      ),
    ).toBeNull();
    expect(
      alignImported(
        [{ date: '2024-01-01', minutes: 10, user: 'x' }],
        [made(1, '2024-01-01', 10), made(2, '2024-01-01', 10)],
      ),
    ).toBeNull();
  });
});

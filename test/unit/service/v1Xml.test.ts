// Reading and writing v1 XML (service/v1/xml.ts): entity processing off, declarations refused,
// only the predefined entities decoded, well-formedness and depth checked, nil and types.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { V1Error } from '../../../service/v1/errors';
import { MAX_DEPTH, readXml, writeXml } from '../../../service/v1/xml';

function refusal(text: string, root = 'entry'): string {
  try {
    readXml(text, root);
  } catch (error) {
    expect(error).toBeInstanceOf(V1Error);
    expect((error as V1Error).statusCode).toBe(422);
    return (error as V1Error).message;
  }
  throw new Error('not refused');
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<entry><description>&lol9;</description></entry>`;

describe('reading v1 XML', () => {
  it('reads elements as strings, nil="true" as null, repeated elements as arrays', () => {
    expect(
      readXml(
        '<?xml version="1.0" encoding="UTF-8"?><entry><minutes type="integer">90</minutes><project_id nil="true"/><description>a, b</description></entry>',
        'entry',
      ),
    ).toEqual({
      minutes: '90',
      project_id: null,
      description: 'a, b',
    });
    expect(readXml('<entries><entry><minutes>1</minutes></entry></entries>', 'entries')).toEqual({
      entry: [{ minutes: '1' }],
    });
  });

  it('decodes the five predefined entities and character references, once', () => {
    expect(
      readXml('<entry><d>a &amp; b &lt;c&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42; &amp;lt;</d></entry>', 'entry'),
    ).toEqual({ d: `a & b <c> "q" 's' AB &lt;` });
  });

  it('keeps CDATA literal, sections joined in order', () => {
    expect(readXml('<entry><d><![CDATA[x &amp; <y>]]><![CDATA[ z]]></d></entry>', 'entry')).toEqual({
      d: 'x &amp; <y> z',
    });
  });

  it('refuses the billion laughs at once, without expanding anything', () => {
    const started = performance.now();
    expect(refusal(BILLION_LAUGHS)).toMatch(/DOCTYPE or ENTITY/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses a DOCTYPE anywhere, an external entity, and an undeclared entity reference', () => {
    expect(refusal('<!DOCTYPE entry><entry/>')).toMatch(/DOCTYPE/);
    expect(refusal('<entry><!DOCTYPE x [<!ENTITY y "z">]><d>&y;</d></entry>')).toMatch(/DOCTYPE/);
    expect(
      refusal('<?xml version="1.0"?><!DOCTYPE e [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><entry>&xxe;</entry>'),
    ).toMatch(/DOCTYPE/);
    expect(refusal('<entry><d>&nbsp;</d></entry>')).toMatch(/&nbsp;/);
    expect(refusal('<entry><d>fish & chips</d></entry>')).toMatch(/Malformed XML/);
    expect(refusal('<entry><d>&#0;</d></entry>')).toMatch(/names no XML character/);
  });

  it.each([
    ['an unclosed element', '<entry><minutes>1</entry>'],
    ['text that is not XML', 'minutes=1'],
    ['JSON', '{"entry":{"minutes":"1"}}'],
    ['trailing text', '<entry/>trailing'],
    ['a declaration not at the start', '<!-- c --><?xml version="1.0"?><entry/>'],
    ['an empty document', ''],
  ])('refuses malformed XML: %s', (_what, text) => {
    expect(refusal(text)).toMatch(/Malformed XML|must/);
  });

  it('wants exactly one root element of the expected name', () => {
    expect(refusal('<project><name>x</name></project>')).toMatch(/must be a <entry> element, not <project>/);
    expect(refusal('<entry/><entry/>')).toMatch(/one <entry>/);
    expect(refusal('<entry/><other/>')).toMatch(/one <entry>/);
  });

  it(`reads ${MAX_DEPTH} levels below the root and refuses one more`, () => {
    const nested = (n: number) => `<entry>${'<a>'.repeat(n)}x${'</a>'.repeat(n)}</entry>`;
    expect(() => readXml(nested(MAX_DEPTH), 'entry')).not.toThrow();
    expect(refusal(nested(MAX_DEPTH + 1))).toMatch(/Malformed XML/);
    expect(refusal(nested(100_000))).toMatch(/Malformed XML/);
  });

  it('refuses mixed content rather than re-ordering it', () => {
    expect(refusal('<entry><d>text<b>x</b></d></entry>')).toMatch(/both text and elements/);
    expect(refusal('<entry><d>text<![CDATA[x]]></d></entry>')).toMatch(/both text and CDATA/);
  });

  it('refuses element names that would pollute prototypes', () => {
    expect(refusal('<entry><__proto__><x>1</x></__proto__></entry>')).toMatch(/Malformed XML/);
  });
});

describe('writing v1 XML', () => {
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);

  it('writes nil, type attributes, arrays with singular items, and escapes text', () => {
    const xml = writeXml('entry', {
      id: 7,
      billable: true,
      project: null,
      description: 'a < b & "c"',
      tags: [{ name: 'x' }],
      budget: 1.5,
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<id type="integer">7</id>');
    expect(xml).toContain('<billable type="boolean">true</billable>');
    expect(xml).toContain('<project nil="true"/>');
    expect(xml).toContain('<tags type="array"><tag><name>x</name></tag></tags>');
    expect(xml).toContain('<budget type="float">1.5</budget>');
    expect(xml).toContain('<description>a &lt; b &amp; &quot;c&quot;</description>');
    expect(parse(xml).entry.description).toBe('a < b & "c"');
    expect(readXml(xml, 'entry')).toMatchObject({ description: 'a < b & "c"', project: null });
  });

  it('writes an empty list as an empty array element', () => {
    expect(writeXml('entries', [])).toContain('<entries type="array"/>');
  });

  it('replaces characters XML cannot carry, so the answer stays well-formed', () => {
    const xml = writeXml('entry', { description: 'bell\u0007 and \uD800 lone' });
    expect(readXml(xml, 'entry')).toEqual({ description: 'bell\uFFFD and \uFFFD lone' });
  });
});

// XML bodies of the v1 API, read and written with fast-xml-parser, never by hand.
//
// Reading is defensive: the request is untrusted text.
//   - Entity processing is OFF in the parser: no declared entity is ever expanded, so a
//     "billion laughs" document costs nothing. A document carrying a DOCTYPE or an ENTITY
//     declaration at all is refused (422) before it is parsed: v1 bodies need neither.
//   - The five predefined entities and character references are decoded here, by one regular
//     expression, and any other & is refused (an undefined entity is not well-formed XML).
//   - The document must be well-formed (XMLValidator), have exactly one root element of the
//     expected name, and nest at most MAX_DEPTH elements below the root; the body size is capped
//     by v1/plugin.ts. Mixed text and elements, or text and CDATA in one element, are refused
//     rather than silently re-ordered.
//   - An error message echoes at most MAX_ECHO characters of the parser's message or of an
//     element name, so a refusal stays small whatever the body held.
//   - A nil="true" attribute (Rails' form, as spec 002 writes "nil attribute in XML") reads as
//     null; other attributes (type="integer") are ignored: values are read by the field's rule.
//
// Writing follows the same conventions: null is an empty element with nil="true", numbers and
// booleans carry type="integer"/"boolean", arrays type="array" with one element per item.
import { createRequire } from 'node:module';
import type { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { XML_ATTRIBUTE, XML_READ_OPTIONS, XML_TEXT } from '../../wire/xmlOptions';
import { invalid } from './errors';

export const MAX_DEPTH = 16;

const CDATA = '#cdata';
const TEXT = XML_TEXT;
const ATTRIBUTE = XML_ATTRIBUTE;

// fast-xml-parser is loaded at v1's first XML, not with the service: the embedded account opens
// without it (issue 30, item 7) and most v1 clients speak JSON. Required, not imported, so that
// the load waits for the first call (the bundle keeps the package outside: a require at run time).
const requireHere = createRequire(import.meta.url);
let loaded:
  | { parser: XMLParser; builder: XMLBuilder; validator: typeof import('fast-xml-parser').XMLValidator }
  | undefined;
const fastXml = () => (loaded ??= made(requireHere('fast-xml-parser') as typeof import('fast-xml-parser')));

const made = (xml: typeof import('fast-xml-parser')) => ({
  parser: new xml.XMLParser({
    ...XML_READ_OPTIONS,
    cdataPropName: CDATA,
    maxNestedTags: MAX_DEPTH,
    // The list of an import is an array even when it holds one entry.
    isArray: (_name: string, jPath: unknown) => jPath === 'entries.entry',
  }),
  builder: new xml.XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    textNodeName: TEXT,
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
    processEntities: true,
  }),
  validator: xml.XMLValidator,
});

const DECLARATIONS = /<!(?:DOCTYPE|ENTITY)/i;

/**
 * What the error body may echo of the parser (decided: 300 characters). fast-xml-parser's
 * messages can hold the whole stack of open tags (600 KB of unclosed `<a>` made a 3.6 MB answer),
 * and an element name can be as long as the body; the start of either says what went wrong.
 */
export const MAX_ECHO = 300;

const clip = (text: string) => (text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));|&[^;\s&<]{0,20};?/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0's Char production. */
const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

function decode(text: string): string {
  return text.replace(
    REFERENCE,
    (match, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
      if (name) return NAMED[name]!;
      if (decimal === undefined && hex === undefined) {
        throw invalid(
          `Malformed XML: "${match}" is not one of &amp; &lt; &gt; &quot; &apos; or a character reference (declared entities are not accepted)`,
        );
      }
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      if (!isXmlChar(code)) throw invalid(`Malformed XML: character reference ${match} names no XML character`);
      return String.fromCodePoint(code);
    },
  );
}

type Plain = string | null | Plain[] | { [key: string]: Plain };

function plain(node: unknown): Plain {
  if (Array.isArray(node)) return node.map(plain);
  if (typeof node === 'string') return decode(node);
  if (node === null || typeof node !== 'object') return '';
  const record = node as Record<string, unknown>;
  if (record[`${ATTRIBUTE}nil`] === 'true') return null;
  const keys = Object.keys(record).filter((k) => !k.startsWith(ATTRIBUTE));
  const hasText = keys.includes(TEXT);
  const hasCdata = keys.includes(CDATA);
  const children = keys.filter((k) => k !== TEXT && k !== CDATA);
  if ((hasText || hasCdata) && children.length) throw invalid('Malformed XML: an element holds both text and elements');
  if (hasText && hasCdata) throw invalid('Malformed XML: an element holds both text and CDATA');
  if (hasText) return decode(String(record[TEXT]));
  if (hasCdata) {
    // CDATA is literal text: no entity in it is decoded. Several sections join in order.
    const sections = ([] as unknown[]).concat(record[CDATA]);
    return sections
      .map((s) =>
        typeof s === 'object' && s !== null ? String((s as Record<string, unknown>)[TEXT] ?? '') : String(s),
      )
      .join('');
  }
  const result: Record<string, Plain> = Object.create(null);
  for (const key of children) result[key] = plain(record[key]);
  return result;
}

/**
 * The content of the document's root element as plain values: strings, null (nil="true"),
 * objects of child elements, arrays for repeated elements. The root must be `root`.
 */
export function readXml(text: string, root: string): Plain {
  if (DECLARATIONS.test(text)) throw invalid('XML with a DOCTYPE or ENTITY declaration is not accepted');
  const valid = fastXml().validator.validate(text);
  if (valid !== true)
    throw invalid(`Malformed XML: ${clip(valid.err.msg)} (line ${valid.err.line}, column ${valid.err.col})`);
  // The validator lets text after a self-closing root pass, and the parser drops it.
  if (!/>\s*$/.test(text)) throw invalid('Malformed XML: text after the root element');
  let parsed: Record<string, unknown>;
  try {
    parsed = fastXml().parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw invalid(`Malformed XML: ${clip((error as Error).message)}`);
  }
  const roots = Object.keys(parsed);
  if (roots.length !== 1) throw invalid(`The XML body must hold one <${root}> element`);
  if (roots[0] !== root) throw invalid(`The XML body must be a <${root}> element, not <${clip(roots[0]!)}>`);
  if (Array.isArray(parsed[root])) throw invalid(`The XML body must hold one <${root}> element`);
  return plain(parsed[root]);
}

/** Element names of the items of arrays, by the array's name. */
const ITEM: Record<string, string> = {
  entries: 'entry',
  projects: 'project',
  users: 'user',
  tags: 'tag',
  errors: 'error',
  cached_tags: 'tag',
};

/** Characters XML 1.0 cannot carry at all are written as U+FFFD (a v2 description may hold them). */
const clean = (text: string) =>
  text.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );

function node(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return { [`${ATTRIBUTE}nil`]: 'true' };
  if (typeof value === 'boolean') return { [TEXT]: String(value), [`${ATTRIBUTE}type`]: 'boolean' };
  if (typeof value === 'number')
    return { [TEXT]: String(value), [`${ATTRIBUTE}type`]: Number.isInteger(value) ? 'integer' : 'float' };
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) {
    const item = ITEM[name] ?? name.replace(/s$/, '');
    return { [`${ATTRIBUTE}type`]: 'array', [item]: value.map((v) => node(item, v)) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) out[key] = node(key, v);
  return out;
}

/** A document whose root element `root` holds `value`. */
export function writeXml(root: string, value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${fastXml().builder.build({ [root]: node(root, value) }) as string}`;
}

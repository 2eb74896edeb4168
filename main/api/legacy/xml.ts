// XML of the v1 API (spec 002): the body of the bulk import, and the answers the service gives in
// XML (the import is answered in the format of its body). fast-xml-parser does the parsing, with
// entity processing off: nothing declared in a document is ever expanded, a DOCTYPE is refused
// outright, and only XML's five predefined entities and character references are decoded, here.
//
// Answers use Rails' conventions (as service/v1/xml.ts writes them): nil="true" is null,
// type="integer" / "float" / "boolean" give the value its type, type="array" holds one child
// element per item.
import { createRequire } from 'node:module';
import type { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { ErrorBody } from '../../../wire/serviceTypes';
import { XML_ATTRIBUTE, XML_READ_OPTIONS, XML_TEXT } from '../../../wire/xmlOptions';
import { errorBodyOf } from '../responseError';

const TEXT = XML_TEXT;
const ATTRIBUTE = XML_ATTRIBUTE;

/** Why XML could not be written or read; never quotes the document. */
export class LegacyXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LegacyXmlError';
  }
}

// ---- writing ----

/** Characters XML 1.0 cannot carry at all: a text holding one cannot be sent as XML. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// fast-xml-parser is loaded at the first v1 XML this client writes or reads, not with the client:
// the embedded account opens without it (issue 30, item 7). Required at that call, not imported.
const requireHere = createRequire(import.meta.url);
let loaded: { builder: XMLBuilder; parser: XMLParser } | undefined;
const fastXml = () => {
  if (!loaded) {
    const xml = requireHere('fast-xml-parser') as typeof import('fast-xml-parser');
    loaded = {
      builder: new xml.XMLBuilder({ processEntities: true, suppressEmptyNode: false }),
      parser: new xml.XMLParser(XML_READ_OPTIONS),
    };
  }
  return loaded;
};

/**
 * <entries><entry>…</entry>…</entries> of items whose fields are already written as text; a
 * field that is undefined is left out. Refuses a value XML cannot carry, naming where it is.
 */
export function writeImportXml(items: ReadonlyArray<Record<string, string | undefined>>): string {
  const entry = items.map((item, i) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(item)) {
      if (value === undefined) continue;
      if (NOT_XML.test(value)) throw new LegacyXmlError(`entries[${i}].${name} holds a character XML cannot carry`);
      fields[name] = value;
    }
    return fields;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${fastXml().builder.build({ entries: { entry } }) as string}`;
}

// ---- reading ----

const DECLARATIONS = /<!(?:DOCTYPE|ENTITY)/i;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(
    REFERENCE,
    (match, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
      if (name) return NAMED[name]!;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    },
  );
}

function scalar(text: string, type: unknown): unknown {
  if (type === 'integer' || type === 'float') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

function typed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typed);
  if (typeof node === 'string') return decode(node);
  if (node === null || typeof node !== 'object') return node === undefined ? '' : String(node);
  const record = node as Record<string, unknown>;
  if (record[`${ATTRIBUTE}nil`] === 'true') return null;
  const type = record[`${ATTRIBUTE}type`];
  const keys = Object.keys(record).filter((k) => !k.startsWith(ATTRIBUTE));
  if (type === 'array') return keys.flatMap((k) => ([] as unknown[]).concat(record[k]).map(typed));
  if (keys.length === 0) return scalar('', type);
  if (keys.length === 1 && keys[0] === TEXT) return scalar(decode(String(record[TEXT])), type);
  return Object.fromEntries(keys.filter((k) => k !== TEXT).map((k) => [k, typed(record[k])]));
}

/** The content of the document's root element `root` as typed plain values. */
export function readXml(text: string, root: string): unknown {
  if (DECLARATIONS.test(text))
    throw new LegacyXmlError('The service answered XML with a DOCTYPE or ENTITY declaration');
  let parsed: Record<string, unknown>;
  try {
    parsed = fastXml().parser.parse(text) as Record<string, unknown>;
  } catch {
    throw new LegacyXmlError('The service answered XML that does not parse');
  }
  if (!(root in parsed)) throw new LegacyXmlError(`The service answered XML without a <${root}> element`);
  return typed(parsed[root]);
}

/** v1's error body in XML (<error><message>…</message><errors type="array">…), or null. */
export function readXmlErrorBody(text: string): ErrorBody | null {
  try {
    return errorBodyOf(readXml(text, 'error'));
  } catch {
    return null;
  }
}

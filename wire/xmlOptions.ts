// How the v1 API's XML is read, at both ends (service/v1/xml.ts, main/api/legacy/xml.ts): the
// fast-xml-parser options they share. Entity processing is off (nothing a document declares is
// expanded; each reader decodes the five predefined entities and character references itself),
// values stay text, attributes are kept under a prefix. Plain data: wire/ imports nothing.

/** The key of an element's text, beside its attributes. */
export const XML_TEXT = '#text';

/** The prefix of an attribute's key. */
export const XML_ATTRIBUTE = '@_';

export const XML_READ_OPTIONS = {
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: XML_ATTRIBUTE,
  textNodeName: XML_TEXT,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

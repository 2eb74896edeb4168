// Answers in the request's format (v1/format.ts): one resource wrapped in an object named after
// it (spec 002: "Output is wrapped in an object named entry"), lists as an array of such
// wrappers in JSON and as <entries type="array"><entry>… in XML.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { V1Failure } from './errors';
import { requestFormat } from './format';
import { writeXml } from './xml';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'text/xml; charset=utf-8';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  { status, json, xml }: { status: number; json: () => unknown; xml: () => string },
): FastifyReply {
  const xmlWanted = requestFormat(request).format === 'xml';
  return reply
    .code(status)
    .type(xmlWanted ? XML_TYPE : JSON_TYPE)
    .send(xmlWanted ? xml() : JSON.stringify(json()));
}

/** {"entry": {...}} / <entry>…</entry> */
export function sendOne(
  request: FastifyRequest,
  reply: FastifyReply,
  { name, value, status = 200 }: { name: string; value: object; status?: number },
): FastifyReply {
  return send(request, reply, { status, json: () => ({ [name]: value }), xml: () => writeXml(name, value) });
}

/** [{"entry": {...}}, …] / <entries type="array"><entry>…</entry>…</entries> */
export function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  { listName, itemName, values }: { listName: string; itemName: string; values: object[] },
): FastifyReply {
  return send(request, reply, {
    status: 200,
    json: () => values.map((v) => ({ [itemName]: v })),
    xml: () => writeXml(listName, values),
  });
}

/** An object the spec names no wrapper for (the avatar): bare in JSON, root `name` in XML. */
export function sendBare(request: FastifyRequest, reply: FastifyReply, name: string, value: object): FastifyReply {
  return send(request, reply, { status: 200, json: () => value, xml: () => writeXml(name, value) });
}

/**
 * An answer without a resource: create (201 + Location) and delete (200). Spec 002 shows the
 * 201's body as one character long, which is Rails' `head`: a single space, kept as it is.
 */
export function sendHead(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  location?: string,
): FastifyReply {
  if (location) reply.header('location', location);
  return reply
    .code(status)
    .type(requestFormat(request).format === 'xml' ? XML_TYPE : JSON_TYPE)
    .send(' ');
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: V1Failure): FastifyReply {
  if (failure.plainText) return reply.code(failure.status).type('text/plain; charset=utf-8').send(failure.message);
  const body = failure.errors ? { message: failure.message, errors: failure.errors } : { message: failure.message };
  return send(request, reply, { status: failure.status, json: () => body, xml: () => writeXml('error', body) });
}

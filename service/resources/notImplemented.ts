// Endpoints the spec lists as not yet implemented, which "currently yield 404 Not Found": inbox
// entries (spec 001) and the token-management endpoints of spec 000. They are registered, not
// left to the catch-all, so that they answer 404 before anything else is looked at: the body is
// never parsed, and the token-management ones (which take e-mail and password, or an
// application's id and secret, never our tokens) need no credential. Inbox entries are part of
// the v2 API and, like every v2 path, want a valid credential first (401 without).
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { PUBLIC_ROUTE } from '../auth/authenticate';

const INBOX_ENTRIES: Array<[HTTPMethods, string]> = [
  ['GET', '/v2/inbox_entries'],
  ['GET', '/v2/inbox_entries/:id'],
  ['POST', '/v2/inbox_entries'],
  ['PUT', '/v2/inbox_entries/:id'],
  ['POST', '/v2/inbox_entries/:id/log'],
  ['DELETE', '/v2/inbox_entries/:id'],
  ['PUT', '/v2/projects/:project_id/timer/log_inbox_entry'],
];

// The update path is written /authroizations/ in the spec; both spellings answer alike.
const TOKEN_MANAGEMENT: Array<[HTTPMethods, string]> = [
  ['GET', '/subdomains'],
  ['GET', '/authorizations/:subdomain'],
  ['GET', '/authorizations/:subdomain/:id'],
  ['POST', '/authorizations/:subdomain'],
  ['PUT', '/authorizations/:subdomain/clients/:client_id'],
  ['PUT', '/authroizations/:subdomain/:id'],
  ['PUT', '/authorizations/:subdomain/:id'],
  ['DELETE', '/authorizations/:subdomain/:id'],
  ['GET', '/applications/:client_id/tokens/:access_token'],
  ['DELETE', '/applications/:client_id/tokens'],
  ['DELETE', '/applications/:client_id/tokens/:access_token'],
];

// Answers in onRequest, before the body is read: a malformed body cannot turn this 404 into a 400.
// (A callback hook that replies must not call done.)
function answer404(_request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).send({ message: 'Not Found: this endpoint is not implemented' });
}

export function notImplementedRoutes(app: FastifyInstance): void {
  for (const [method, url] of INBOX_ENTRIES)
    app.route({ method, url, onRequest: answer404, handler: async () => undefined });
  for (const [method, url] of TOKEN_MANAGEMENT)
    app.route({ method, url, ...PUBLIC_ROUTE, onRequest: answer404, handler: async () => undefined });
}

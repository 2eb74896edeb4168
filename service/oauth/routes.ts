// The OAuth endpoints as one encapsulated fastify plugin: inside it, bodies are read as forms or
// JSON (params.ts) instead of the API's JSON-only reader, and errors take OAuth's shapes (an HTML
// page or an {error, error_description} body) instead of the API's {message}.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { authorizeRoutes } from './authorize';
import { CSRF_KEY, createCsrf } from './csrf';
import { sharedKey } from '../storage/serviceKeys';
import { OAUTH_BODY_LIMIT, parseBody } from './params';
import { oauthSettings, type OAuthSettings } from './settings';
import { createTickets } from './tickets';
import { tokenRoutes } from './tokenEndpoint';

export function oauthRoutes(context: Context, given: Partial<OAuthSettings> = {}) {
  const settings = oauthSettings(given);
  return async function oauth(scope: FastifyInstance): Promise<void> {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: OAUTH_BODY_LIMIT }, (request, body, done) => {
      try {
        done(null, parseBody(request.headers['content-type'], body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    // The CSRF key and the tickets are in the database: a form shown by one instance may be
    // posted to another.
    const publicHost = context.publicUrl === undefined ? undefined : new URL(context.publicUrl).host;
    const csrf = createCsrf(await sharedKey(context.db, CSRF_KEY), publicHost);
    authorizeRoutes(scope, { context, settings, csrf, tickets: createTickets(context.db) });
    tokenRoutes(scope, context, settings);
  };
}

// POST /oauth/2/access_token (spec 000 steps 3 and 5). Answers form-encoded by default and JSON
// with Accept: application/json (GAPS.md "OAuth"); errors are always 400 with a JSON
// {error, error_description} (spec 000 "Token endpoint errors", even for invalid_client, where
// RFC 6749 would use 401). The client may authenticate with client_id and client_secret in the
// body (the spec) or with HTTP Basic (RFC 6749 §2.3.1, what most OAuth libraries send).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE } from '../auth/authenticate';
import type { Context } from '../context';
import { authenticateClient, type GrantType } from './applications';
import { OAuthError } from './errors';
import { exchangeCode, refresh, type TokenResponse } from './grants';
import { one, type Params } from './params';
import type { OAuthSettings } from './settings';

const GRANTS = new Set<string>(['authorization_code', 'refresh_token']);

function basicClient(request: FastifyRequest): { id: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_request', 'Basic authentication must carry client_id:client_secret');
  try {
    // RFC 6749 §2.3.1: both are form-encoded before they are joined.
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_request', 'Basic authentication is not properly encoded');
  }
}

function clientCredentials(request: FastifyRequest, params: Params): { id: string; secret: string } {
  const basic = basicClient(request);
  const id = one(params, 'client_id');
  const secret = one(params, 'client_secret');
  if (basic) {
    if ((id !== undefined && id !== basic.id) || (secret !== undefined && secret !== basic.secret))
      throw new OAuthError(
        'invalid_request',
        'the client is named differently in the body and in Basic authentication',
      );
    return basic;
  }
  if (!id) throw new OAuthError('invalid_request', 'client_id is missing');
  if (!secret) throw new OAuthError('invalid_request', 'client_secret is missing');
  return { id, secret };
}

function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return (
    typeof accept === 'string' &&
    accept.split(',').some((part) => /^\s*application\/json\s*(;(?!\s*q=0(\.0*)?\s*(;|$)).*)?$/i.test(part))
  );
}

function answer(request: FastifyRequest, reply: FastifyReply, tokens: TokenResponse): FastifyReply {
  // RFC 6749 §5.1: token responses must not be cached.
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (wantsJson(request)) return reply.code(200).send(tokens);
  const form = new URLSearchParams(Object.entries(tokens).map(([k, v]): [string, string] => [k, String(v)]));
  return reply
    .code(200)
    .header('content-type', 'application/x-www-form-urlencoded; charset=utf-8')
    .send(form.toString());
}

function fail(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}

export function tokenRoutes(app: FastifyInstance, context: Context, settings: OAuthSettings): void {
  const errorHandler = (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof OAuthError) return fail(reply, 400, error.error, error.description);
    const status = (error as { statusCode?: number }).statusCode;
    // Framework refusals (missing User-Agent, body too large, bad encoding) are malformed requests.
    if (typeof status === 'number' && status >= 400 && status < 500)
      return fail(reply, 400, 'invalid_request', error.message);
    request.log.error(error);
    return fail(reply, 500, 'server_error', 'the service failed unexpectedly');
  };

  app.post('/oauth/2/access_token', { ...PUBLIC_ROUTE, errorHandler }, async (request, reply) => {
    const params = (request.body as Params | undefined) ?? new Map<string, string[]>();
    const grant = one(params, 'grant_type');
    if (!grant) throw new OAuthError('invalid_request', 'grant_type is missing');
    if (!GRANTS.has(grant))
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    const client = clientCredentials(request, params);
    const application = await authenticateClient(context.db, client.id, client.secret);
    if (!application)
      throw new OAuthError('invalid_client', 'client_id and client_secret name no registered application');
    if (!application.grantTypes.includes(grant as GrantType))
      throw new OAuthError('unauthorized_client', `this application may not use the ${grant} grant`);

    const now = context.clock();
    if (grant === 'authorization_code') {
      const code = one(params, 'code');
      if (!code) throw new OAuthError('invalid_request', 'code is missing');
      return answer(
        request,
        reply,
        await exchangeCode(context.db, {
          app: application,
          code,
          redirectUri: one(params, 'redirect_uri'),
          codeVerifier: one(params, 'code_verifier'),
          now,
          settings,
        }),
      );
    }
    const refreshToken = one(params, 'refresh_token');
    if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is missing');
    return answer(request, reply, await refresh(context.db, { app: application, refreshToken, now, settings }));
  });
}

// Where a request carries its credential (spec 000 "Placement of the credential"). Each placement
// says which kind of token it can be: personal tokens (X-ServiceToken, service_token, Basic with
// x-service-token) or OAuth access tokens (Bearer, the `token` scheme of GAPS.md, access_token,
// Basic with x-oauth-basic); Basic with an empty password may carry either.
import type { FastifyRequest } from 'fastify';

export type CredentialKind = 'personal' | 'oauth';

export interface PresentedCredential {
  token: string;
  /** The kinds this placement allows, tried in order. */
  kinds: CredentialKind[];
}

function basic(header: string): PresentedCredential | 'malformed' {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [user, password] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (!user) return 'malformed';
  if (password === '') return { token: user, kinds: ['personal', 'oauth'] };
  if (password === 'x-service-token') return { token: user, kinds: ['personal'] };
  if (password === 'x-oauth-basic') return { token: user, kinds: ['oauth'] };
  return 'malformed'; // e-mail and password belong to the token-management endpoints only
}

/** The credential of a request, null when it has none, 'malformed' when it has an unusable one. */
export function presentedCredential(request: FastifyRequest): PresentedCredential | null | 'malformed' {
  const header = request.headers['x-servicetoken'];
  if (typeof header === 'string' && header.trim()) return { token: header.trim(), kinds: ['personal'] };

  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim()) {
    if (/^basic /i.test(authorization)) return basic(authorization);
    const bearer = /^(?:bearer|token) +(\S+)$/i.exec(authorization);
    return bearer ? { token: bearer[1]!, kinds: ['oauth'] } : 'malformed';
  }

  const query = request.query as Record<string, unknown>;
  if (typeof query.service_token === 'string' && query.service_token)
    return { token: query.service_token, kinds: ['personal'] };
  if (typeof query.access_token === 'string' && query.access_token)
    return { token: query.access_token, kinds: ['oauth'] };
  if (query.service_token !== undefined || query.access_token !== undefined) return 'malformed';
  return null;
}

// The token-management endpoints of spec 000 (subdomains, authorizations, application tokens),
// not yet implemented by the service: every one answers 404, reported as not_found. They are sent
// through the same request path as every other call, with their own credential: Basic with the
// user's e-mail and password, or with the application's client_id and client_secret.
import type { Authorization, Subdomain, TokenManagementCalls } from '../types/tokens';
import { id, ONCE, SAFE, segment, type Requester } from './requester';

export function tokenCalls(r: Requester): TokenManagementCalls {
  const authorizations = (subdomain: string, rest = '') => `/authorizations/${segment(subdomain)}${rest}`;
  const tokens = (clientId: string, accessToken?: string) =>
    `/applications/${segment(clientId)}/tokens${accessToken === undefined ? '' : `/${segment(accessToken)}`}`;
  return {
    listSubdomains: async () => r.get<Subdomain[]>('/subdomains'),
    listAuthorizations: async (subdomain) => r.get<Authorization[]>(authorizations(subdomain)),
    getAuthorization: async (subdomain, authorizationId) =>
      r.get<Authorization>(authorizations(subdomain, `/${id(authorizationId)}`)),
    // Answers 200 with the new authorization (not 201), so no Location is looked for.
    createAuthorization: async (subdomain, input) => r.post<Authorization>(authorizations(subdomain), input, ONCE),
    // Finds the application's authorization or creates it, so a repeat finds the first one.
    authorizeClient: async (subdomain, clientId, input) =>
      r.put<Authorization>(authorizations(subdomain, `/clients/${segment(clientId)}`), input, SAFE),
    // The spec writes this one path "/authroizations/"; whether the right spelling is served is
    // not shown, so the spec's is sent (the local service answers both).
    updateAuthorization: async (subdomain, authorizationId, input) =>
      r.put<Authorization>(`/authroizations/${segment(subdomain)}/${id(authorizationId)}`, input, SAFE),
    deleteAuthorization: async (subdomain, authorizationId) =>
      r.del(authorizations(subdomain, `/${id(authorizationId)}`)),
    getApplicationToken: async (clientId, accessToken) => r.get<Authorization>(tokens(clientId, accessToken)),
    revokeApplicationTokens: async (clientId) => r.del(tokens(clientId)),
    revokeApplicationToken: async (clientId, accessToken) => r.del(tokens(clientId, accessToken)),
  };
}

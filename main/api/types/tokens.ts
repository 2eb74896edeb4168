// The token-management endpoints of spec 000 ("not yet implemented: calling any of them currently
// yields 404"). They live on the auth host and take Basic credentials instead of the client's
// token: the user's e-mail and password for subdomains and authorizations, the application's
// client_id and client_secret for the application-level calls. The wire shapes live here rather
// than in common/ because nothing but this client reads them.
import type { Timestamp } from '../../../wire/serviceTypes';

export interface Subdomain {
  name: string;
  avatar: string;
}

export interface Authorization {
  id: number;
  url: string;
  scopes: string[];
  token: string;
  app: { url: string; name: string; client_id: string };
  note: string | null;
  note_url: string | null;
  updated_at: Timestamp;
  created_at: Timestamp;
}

export interface AuthorizationNotes {
  /** default: the permissions chosen when the application was set up */
  scopes?: string[];
  note?: string;
  note_url?: string;
}

/** Basic credentials (RFC 2617) for the auth host. */
export interface BasicLogin {
  /** the user's e-mail, or the application's client_id */
  username: string;
  /** the user's password, or the application's client_secret */
  password: string;
  /** {auth_url}; default the client's base URL (where the local service answers them) */
  authUrl?: string;
}

export interface TokenManagementCalls {
  listSubdomains(): Promise<Subdomain[]>;
  listAuthorizations(subdomain: string): Promise<Authorization[]>;
  getAuthorization(subdomain: string, id: number): Promise<Authorization>;
  createAuthorization(
    subdomain: string,
    input: AuthorizationNotes & { client_id: string; client_secret: string },
  ): Promise<Authorization>;
  /** The application's authorization: created (201) or the existing one (200). */
  authorizeClient(
    subdomain: string,
    clientId: string,
    input: AuthorizationNotes & { client_secret: string },
  ): Promise<Authorization>;
  updateAuthorization(
    subdomain: string,
    id: number,
    input: { note?: string; note_url?: string; add_scopes?: string[]; remove_scopes?: string[] },
  ): Promise<Authorization>;
  deleteAuthorization(subdomain: string, id: number): Promise<void>;
  /** Application level (client_id and client_secret as the login). */
  getApplicationToken(clientId: string, accessToken: string): Promise<Authorization>;
  revokeApplicationTokens(clientId: string): Promise<void>;
  revokeApplicationToken(clientId: string, accessToken: string): Promise<void>;
}

export interface TokenManagementFactory {
  /** The token-management calls, sent with `login` as Basic credentials to the auth host. */
  tokenManagement(login: BasicLogin): TokenManagementCalls;
}

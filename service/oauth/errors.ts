// An OAuth error value with its short description (spec 000 steps 2 and 3). The authorize
// endpoint carries them in the redirect (or on an error page), the token endpoint in a 400 body.
export type AuthorizeErrorCode =
  | 'invalid_request'
  | 'unauthorized_client'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable';
export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type';

export class OAuthError extends Error {
  constructor(
    readonly error: AuthorizeErrorCode | TokenErrorCode | 'server_error',
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

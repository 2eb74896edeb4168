// The OAuth 2.0 web application flow of spec 000 from the application's side: the authorize URL,
// the token endpoint (code exchange, refresh), and credentials for createServiceApi that refresh
// and persist rotated tokens.
export { authorizeUrl, newState, readAuthorizeRedirect, type AuthorizeRequest } from './authorize';
export {
  oauthCredentials,
  type OAuthCredentials,
  type OAuthCredentialsOptions,
  type StoredTokens,
} from './credentials';
export { isOAuthError, OAuthError, type OAuthErrorCode } from './errors';
export { newPkce, s256Challenge, type Pkce } from './pkce';
export { readTokenAnswer, type OAuthTokens } from './tokenAnswer';
export { createOAuthClient, type OAuthClient, type OAuthClientOptions } from './tokenClient';

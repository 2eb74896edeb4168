// Lifetimes of the OAuth flow (GAPS.md "OAuth", decided: code 10 minutes, access token 2 weeks;
// both configurable through ServiceOptions.oauth).
import { ACCESS_TOKEN_LIFETIME_MS } from '../auth/oauthTokens';

export interface OAuthSettings {
  /** How long an authorization code can be exchanged. */
  codeLifetimeMs: number;
  /** expires_in of the access tokens the token endpoint issues. */
  accessTokenLifetimeMs: number;
}

export const DEFAULT_OAUTH_SETTINGS: OAuthSettings = {
  codeLifetimeMs: 10 * 60 * 1000,
  accessTokenLifetimeMs: ACCESS_TOKEN_LIFETIME_MS,
};

/** The defaults overridden by what was given; refuses lifetimes that are not whole positive seconds. */
export function oauthSettings(given: Partial<OAuthSettings> = {}): OAuthSettings {
  const settings = { ...DEFAULT_OAUTH_SETTINGS, ...given };
  for (const [name, ms] of Object.entries(settings)) {
    // Timestamps are stored to the second, so a lifetime below a second could not be honoured.
    if (!Number.isInteger(ms) || ms < 1000 || ms % 1000 !== 0)
      throw new Error(`oauth.${name} must be a whole number of seconds in ms (>= 1000), not ${ms}`);
  }
  return settings;
}

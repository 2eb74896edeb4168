// Authorization codes and the two grants of the token endpoint (spec 000 steps 3 and 5).
// A code is single-use: a second use means it leaked, so every token issued from it (through
// any number of refreshes) is revoked, as RFC 6749 §4.1.2 advises. A refresh rotates (GAPS.md):
// the old refresh token stops working, and presenting it again likewise revokes its family
// (RFC 9700 §4.14.2). Codes, like tokens, are stored as their sha256 only.
import { issueAccessToken } from '../auth/oauthTokens';
import { generateToken, hashToken } from '../auth/tokens';
import type { Queryable } from '../storage/store';
import { timestamp } from '../time';
import type { Application } from './applications';
import { OAuthError } from './errors';
import { verifierFits } from './pkce';
import type { OAuthSettings } from './settings';

export interface CodeRequest {
  clientId: string;
  userId: number;
  /** The redirect_uri given in step 1 exactly as given, null when none was. */
  redirectUri: string | null;
  scope: string;
  /** The PKCE S256 challenge the code is bound to, null when step 1 sent none. */
  codeChallenge: string | null;
}

export async function issueCode(
  db: Queryable,
  request: CodeRequest,
  now: Date,
  settings: OAuthSettings,
): Promise<string> {
  const code = generateToken();
  await db.run(
    'INSERT INTO oauth_authorization_codes (code_sha256, client_id, user_id, redirect_uri, scope, code_challenge, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    hashToken(code),
    request.clientId,
    request.userId,
    request.redirectUri,
    request.scope,
    request.codeChallenge,
    timestamp(new Date(now.getTime() + settings.codeLifetimeMs)),
    timestamp(now),
  );
  return code;
}

/** The token endpoint's answer (spec 000 step 3 "Response fields"). */
export interface TokenResponse {
  access_token: string;
  /** Absent for an application that may not refresh. */
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: 'bearer';
}

async function revokeFamily(db: Queryable, codeId: number | null, now: Date): Promise<void> {
  if (codeId === null) return;
  await db.run(
    'UPDATE oauth_access_tokens SET revoked_at = ? WHERE authorization_code_id = ? AND revoked_at IS NULL',
    timestamp(now),
    codeId,
  );
  await db.run(
    'UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE authorization_code_id = ? AND revoked_at IS NULL',
    timestamp(now),
    codeId,
  );
}

/**
 * A used code presented again, also by a request that raced with its first use: it leaked, so the
 * tokens issued from it are revoked. Decided for a race too (a client sending its code twice at
 * once gets no tokens that work): the service cannot tell a client's double send from an
 * attacker's, and RFC 6749 §4.1.2 and RFC 9700 §4.14.2 put the leak first.
 */
async function replayedCode(tx: Queryable, codeId: number, now: Date): Promise<OAuthError> {
  await revokeFamily(tx, codeId, now);
  return new OAuthError('invalid_grant', 'the code was already used; the tokens issued from it are revoked');
}

/** A rotated (or revoked) refresh token presented again: its family is revoked, as a replayed code's. */
async function replayedRefresh(tx: Queryable, codeId: number | null, now: Date): Promise<OAuthError> {
  await revokeFamily(tx, codeId, now);
  return new OAuthError('invalid_grant', 'the refresh token was revoked or already used (refreshing replaces it)');
}

interface IssueTokensOptions {
  app: Application;
  userId: number;
  scope: string;
  codeId: number | null;
  now: Date;
  settings: OAuthSettings;
}

async function issueTokens(
  db: Queryable,
  { app, userId, scope, codeId, now, settings }: IssueTokensOptions,
): Promise<TokenResponse> {
  // Read afresh, not through userById's cache: the grant must end the moment the user is deactivated.
  const user = (await db.get('SELECT state FROM users WHERE id = ?', userId)) as { state: string } | undefined;
  if (user?.state !== 'active') throw new OAuthError('invalid_grant', 'the user of this grant is no longer active');
  const issued = await issueAccessToken(db, userId, {
    now,
    expiresAt: new Date(now.getTime() + settings.accessTokenLifetimeMs),
    clientId: app.clientId,
    scope,
    withRefreshToken: app.grantTypes.includes('refresh_token'),
  });
  await db.run('UPDATE oauth_access_tokens SET authorization_code_id = ? WHERE id = ?', codeId, issued.id);
  await db.run(
    'UPDATE oauth_refresh_tokens SET authorization_code_id = ? WHERE access_token_id = ?',
    codeId,
    issued.id,
  );
  return {
    access_token: issued.accessToken,
    ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
    expires_in: Math.round(settings.accessTokenLifetimeMs / 1000),
    scope,
    token_type: 'bearer',
  };
}

type CodeRow = {
  id: number;
  client_id: string;
  user_id: number;
  redirect_uri: string | null;
  scope: string;
  code_challenge: string | null;
  expires_at: string;
  used_at: string | null;
};

export interface ExchangeCodeOptions {
  app: Application;
  code: string;
  redirectUri: string | undefined;
  /** code_verifier as sent (PKCE), undefined when absent. */
  codeVerifier: string | undefined;
  now: Date;
  settings: OAuthSettings;
}

/**
 * Step 3. `redirectUri` is what the token request sent (undefined when absent); `usedTarget` the
 * URI step 2 redirected to (the configured callback when step 1 gave none).
 */
export async function exchangeCode(
  db: Queryable,
  { app, code, redirectUri, codeVerifier, now, settings }: ExchangeCodeOptions,
): Promise<TokenResponse> {
  // Any failure leaves the database as it was, except the revocation of a reused code's family,
  // which must stick: the transaction commits it before the error is thrown.
  let failure: OAuthError | undefined;
  const result = await db.transaction(async (tx) => {
    const row = (await tx.get(
      'SELECT id, client_id, user_id, redirect_uri, scope, code_challenge, expires_at, used_at FROM oauth_authorization_codes WHERE code_sha256 = ?',
      hashToken(code),
    )) as CodeRow | undefined;
    if (!row || row.client_id !== app.clientId)
      return void (failure = new OAuthError(
        'invalid_grant',
        'the code is unknown or was issued to another application',
      ));
    if (row.used_at !== null) return void (failure = await replayedCode(tx, row.id, now));
    if (row.expires_at <= timestamp(now))
      return void (failure = new OAuthError('invalid_grant', 'the code has expired'));
    // Step 1's redirect_uri must come back exactly (spec 000 step 3); when step 1 sent none, the
    // request may still name the configured callback that was used, but nothing else.
    const expected = row.redirect_uri ?? app.callbackUrl;
    if (
      row.redirect_uri !== null
        ? redirectUri !== row.redirect_uri
        : redirectUri !== undefined && redirectUri !== expected
    )
      return void (failure = new OAuthError(
        'invalid_grant',
        'redirect_uri does not match the one of the authorization request',
      ));
    // PKCE (RFC 7636 §4.6). A wrong verifier leaves the code unused: whoever holds the right one
    // (the client that asked for it) can still exchange it, and a guess at 256 bits gets nowhere.
    if (!verifierFits(row.code_challenge, codeVerifier))
      return void (failure = new OAuthError(
        'invalid_grant',
        row.code_challenge === null
          ? 'code_verifier was sent, but the code was issued without code_challenge'
          : 'code_verifier is missing or does not match the code_challenge of the authorization request',
      ));
    // Taken only if still unused: of requests racing with one code on any instances, the first to
    // update the row wins; the others wait for its commit, then update nothing and are replays.
    const taken = await tx.run(
      'UPDATE oauth_authorization_codes SET used_at = ? WHERE id = ? AND used_at IS NULL',
      timestamp(now),
      row.id,
    );
    if (taken.changes === 0) return void (failure = await replayedCode(tx, row.id, now));
    try {
      return await issueTokens(tx, { app, userId: row.user_id, scope: row.scope, codeId: row.id, now, settings });
    } catch (error) {
      if (error instanceof OAuthError) return void (failure = error); // the code stays used: it was presented once
      throw error;
    }
  });
  if (failure) throw failure;
  return result!;
}

type RefreshRow = {
  id: number;
  user_id: number;
  client_id: string | null;
  revoked_at: string | null;
  authorization_code_id: number | null;
  scope: string | null;
};

export interface RefreshOptions {
  app: Application;
  refreshToken: string;
  now: Date;
  settings: OAuthSettings;
}

/** Step 5: a new access token and a new refresh token; the presented one stops working. */
export async function refresh(
  db: Queryable,
  { app, refreshToken, now, settings }: RefreshOptions,
): Promise<TokenResponse> {
  let failure: OAuthError | undefined;
  const result = await db.transaction(async (tx) => {
    const row = (await tx.get(
      `SELECT r.id, r.user_id, r.client_id, r.revoked_at, r.authorization_code_id, a.scope
         FROM oauth_refresh_tokens r LEFT JOIN oauth_access_tokens a ON a.id = r.access_token_id
        WHERE r.token_sha256 = ?`,
      hashToken(refreshToken),
    )) as RefreshRow | undefined;
    if (!row || row.client_id !== app.clientId)
      return void (failure = new OAuthError(
        'invalid_grant',
        'the refresh token is unknown or was issued to another application',
      ));
    if (row.revoked_at !== null) return void (failure = await replayedRefresh(tx, row.authorization_code_id, now));
    // Rotated only if still live: of refreshes racing with one token, one rotates it, the others are replays.
    const rotated = await tx.run(
      'UPDATE oauth_refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
      timestamp(now),
      row.id,
    );
    if (rotated.changes === 0) return void (failure = await replayedRefresh(tx, row.authorization_code_id, now));
    try {
      return await issueTokens(tx, {
        app,
        userId: row.user_id,
        scope: row.scope ?? '',
        codeId: row.authorization_code_id,
        now,
        settings,
      });
    } catch (error) {
      if (error instanceof OAuthError) return void (failure = error);
      throw error;
    }
  });
  if (failure) throw failure;
  return result!;
}

// OAuth 2.0 access tokens as credentials (spec 000 "Placement of the credential"). Issuing them
// through the authorization flow is a later step; issueAccessToken is what that step (and the
// tests) call. Only the sha256 of a token is stored. A token answers nothing once it expired or
// was revoked: the request gets 401 (spec 000: "every request that uses it is answered 401").
import type { Queryable } from '../storage/store';
import { timestamp } from '../time';
import { generateToken, hashToken } from './tokens';

/** GAPS.md "OAuth" (decided): an access token lives 2 weeks unless told otherwise. */
export const ACCESS_TOKEN_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export interface IssueOptions {
  /** When the token stops working; default: now + 2 weeks. */
  expiresAt?: Date;
  /** The moment of issue; default the machine's clock. */
  now?: Date;
  /** The application the token belongs to, when there is one. */
  clientId?: string | null;
  scope?: string;
  /** Also issue a refresh token tied to this access token. */
  withRefreshToken?: boolean;
}

export interface IssuedToken {
  id: number;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string;
}

export async function issueAccessToken(
  db: Queryable,
  userId: number,
  options: IssueOptions = {},
): Promise<IssuedToken> {
  const now = options.now ?? new Date();
  const expiresAt = timestamp(options.expiresAt ?? new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_MS));
  const accessToken = generateToken();
  const refreshToken = options.withRefreshToken ? generateToken() : null;
  return await db.transaction(async (tx) => {
    const id = Number(
      (await tx.get<{ id: number }>(
        'INSERT INTO oauth_access_tokens (user_id, token_sha256, client_id, scope, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        userId,
        hashToken(accessToken),
        options.clientId ?? null,
        options.scope ?? '',
        expiresAt,
        timestamp(now),
      ))!.id,
    );
    if (refreshToken) {
      await tx.run(
        'INSERT INTO oauth_refresh_tokens (user_id, access_token_id, token_sha256, client_id, created_at) VALUES (?, ?, ?, ?, ?)',
        userId,
        id,
        hashToken(refreshToken),
        options.clientId ?? null,
        timestamp(now),
      );
    }
    return { id, accessToken, refreshToken, expiresAt };
  });
}

/** Revokes an access token; answers whether a live one was revoked. */
export async function revokeAccessToken(db: Queryable, accessToken: string, now: Date = new Date()): Promise<boolean> {
  return (
    (
      await db.run(
        'UPDATE oauth_access_tokens SET revoked_at = ? WHERE token_sha256 = ? AND revoked_at IS NULL',
        timestamp(now),
        hashToken(accessToken),
      )
    ).changes > 0
  );
}

/**
 * The user of a live access token at `now`, or null. Not cached (unlike personal tokens): expiry
 * depends on the moment, and one indexed lookup is cheap next to the rest of a request.
 */
export async function userIdForAccessToken(db: Queryable, token: string, now: Date): Promise<number | null> {
  const row = (await db.get(
    'SELECT user_id, expires_at, revoked_at FROM oauth_access_tokens WHERE token_sha256 = ?',
    hashToken(token),
  )) as { user_id: number; expires_at: string; revoked_at: string | null } | undefined;
  // Timestamps are all written YYYY-MM-DDTHH:MM:SSZ, so text order is time order.
  if (!row || row.revoked_at !== null || row.expires_at <= timestamp(now)) return null;
  return row.user_id;
}

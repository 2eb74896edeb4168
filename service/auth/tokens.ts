// Personal access tokens. Only their sha256 is stored; the plain token exists in the caller's
// hands (and once on the CLI's screen when generated).
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Db } from '../storage/db';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const generateToken = () => randomBytes(32).toString('base64url');

export function addPersonalToken(db: Db, userId: number, token: string, now: string): boolean {
  const result = sql(
    db,
    'INSERT OR IGNORE INTO personal_tokens (user_id, token_sha256, created_at) VALUES (?, ?, ?)',
  ).run(userId, hashToken(token), now);
  return result.changes > 0;
}

export interface ReplaceHeldTokenOptions {
  userId: number;
  holder: string;
  token: string;
  now: string;
}

/**
 * Makes `token` the user's only token held by `holder` (the app's own): earlier ones of that
 * holder are revoked, so tokens made anew at each start do not pile up. Other tokens are kept.
 */
export function replaceHeldToken(db: Db, { userId, holder, token, now }: ReplaceHeldTokenOptions): void {
  const hash = hashToken(token);
  sql(db, 'DELETE FROM personal_tokens WHERE user_id = ? AND holder = ? AND token_sha256 != ?').run(
    userId,
    holder,
    hash,
  );
  sql(
    db,
    `INSERT INTO personal_tokens (user_id, token_sha256, created_at, holder) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_sha256) DO UPDATE SET holder = excluded.holder WHERE user_id = excluded.user_id`,
  ).run(userId, hash, now, holder);
  forgetTokens(db);
}

export function countPersonalTokens(db: Db, userId: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM personal_tokens WHERE user_id = ?').get(userId) as { n: number }).n;
}

// Tokens already seen, so the hot path skips hashing and the query. Only valid tokens are kept,
// and this module is the only writer of personal_tokens: whatever later revokes a token (or
// deletes a user, whose tokens cascade) must call forgetTokens.
const seen = new WeakMap<Db, Map<string, number>>();
const SEEN_MAX = 1000;

export function forgetTokens(db: Db): void {
  seen.delete(db);
}

export function userIdForPersonalToken(db: Db, token: string): number | null {
  let known = seen.get(db);
  const hit = known?.get(token);
  if (hit !== undefined) return hit;
  const row = sql(db, 'SELECT user_id FROM personal_tokens WHERE token_sha256 = ?').get(hashToken(token)) as
    | { user_id: number }
    | undefined;
  if (!row) return null;
  if (!known || known.size >= SEEN_MAX) seen.set(db, (known = new Map()));
  known.set(token, row.user_id);
  return row.user_id;
}

// Personal access tokens. Only their sha256 is stored; the plain token exists in the caller's
// hands (and once on the CLI's screen when generated).
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable, Store } from '../storage/store';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const generateToken = () => randomBytes(32).toString('base64url');

export async function addPersonalToken(db: Queryable, userId: number, token: string, now: string): Promise<boolean> {
  const result = await db.run(
    'INSERT INTO personal_tokens (user_id, token_sha256, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    userId,
    hashToken(token),
    now,
  );
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
export async function replaceHeldToken(
  db: Queryable,
  { userId, holder, token, now }: ReplaceHeldTokenOptions,
): Promise<void> {
  const hash = hashToken(token);
  await db.run(
    'DELETE FROM personal_tokens WHERE user_id = ? AND holder = ? AND token_sha256 != ?',
    userId,
    holder,
    hash,
  );
  await db.run(
    `INSERT INTO personal_tokens (user_id, token_sha256, created_at, holder) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_sha256) DO UPDATE SET holder = excluded.holder WHERE user_id = excluded.user_id`,
    userId,
    hash,
    now,
    holder,
  );
  forgetTokens(db);
}

export async function countPersonalTokens(db: Queryable, userId: number): Promise<number> {
  return ((await db.get('SELECT COUNT(*) AS n FROM personal_tokens WHERE user_id = ?', userId)) as { n: number }).n;
}

// Tokens already seen, so the hot path skips hashing and the query. Only valid tokens are kept,
// and this module is the only writer of personal_tokens: whatever later revokes a token (or
// deletes a user, whose tokens cascade) must call forgetTokens. SQLite only, for the reason
// domain/users.ts gives: on PostgreSQL another instance may delete a token at any moment.
const seen = new WeakMap<Store, Map<string, number>>();
const SEEN_MAX = 1000;

export function forgetTokens(db: Queryable): void {
  seen.delete(db.store);
}

/** The user of a token seen before, without asking the store (undefined: not known here). */
export function knownPersonalToken(db: Queryable, token: string): number | undefined {
  return seen.get(db.store)?.get(token);
}

export async function userIdForPersonalToken(db: Queryable, token: string): Promise<number | null> {
  let known = seen.get(db.store);
  const hit = known?.get(token);
  if (hit !== undefined) return hit;
  const row = (await db.get('SELECT user_id FROM personal_tokens WHERE token_sha256 = ?', hashToken(token))) as
    | { user_id: number }
    | undefined;
  if (!row) return null;
  if (db.dialect !== 'sqlite') return row.user_id;
  if (!known || known.size >= SEEN_MAX) seen.set(db.store, (known = new Map()));
  known.set(token, row.user_id);
  return row.user_id;
}

// Setting a user's password: from ServiceOptions.ownerPassword and the CLI (set-password).
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../storage/store';
import { equalsNocase } from '../storage/dialect';
import { DEFAULT_TUNING, type ScryptCost } from '../tuning';

/** Passwords shorter than this are refused: they fall to guessing despite the throttle. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * Sets (or replaces) a user's password, hashed at `cost` (the service's tuning, tuning.ts
 * passwordHash; by default OWASP's). Throws on a password that is too short.
 */
export async function setPassword(
  db: Queryable,
  userId: number,
  password: string,
  { now, cost = DEFAULT_TUNING.passwordHash }: { now: string; cost?: ScryptCost },
): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  const hash = await hashPassword(password, cost);
  await db.run(
    'INSERT INTO user_passwords (user_id, password_hash, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at',
    userId,
    hash,
    now,
  );
}

/** The user id for an e-mail (any letter case), or null. */
export async function userIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const row = (await db.get(`SELECT id FROM users WHERE ${equalsNocase(db.dialect, 'email')}`, email.trim())) as
    | { id: number }
    | undefined;
  return row?.id ?? null;
}

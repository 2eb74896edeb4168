// The user an entry is for (spec 002 "user: a user id, e-mail address or full name (first and
// last name separated by one space)"), found among the account's users.
//
// Decided: digits are an id; text with an @ is an e-mail address (any letter case); anything
// else is a full name, compared without ASCII letter case, and must name exactly one user (two
// users of one name make the name ambiguous: refused, never guessed).
import { equalsNocase } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { UserRow } from '../domain/users';
import { getUser } from '../domain/users';

export type UserLookup = { found: UserRow } | { missing: true } | { ambiguous: true };

export async function findUserByReference(db: Queryable, accountId: number, reference: string): Promise<UserLookup> {
  if (/^\d{1,15}$/.test(reference)) {
    const user = await getUser(db, accountId, Number(reference));
    return user ? { found: user } : { missing: true };
  }
  if (reference.includes('@')) {
    const user = (await db.get(
      `SELECT * FROM users WHERE account_id = ? AND ${equalsNocase(db.dialect, 'email')}`,
      accountId,
      reference,
    )) as UserRow | undefined;
    return user ? { found: user } : { missing: true };
  }
  const users = (await db.all(
    `SELECT * FROM users WHERE account_id = ? AND ${equalsNocase(db.dialect, "(COALESCE(first_name, '') || ' ' || COALESCE(last_name, ''))")} ORDER BY id LIMIT 2`,
    accountId,
    reference,
  )) as UserRow[];
  if (users.length === 0) return { missing: true };
  return users.length === 1 ? { found: users[0]! } : { ambiguous: true };
}

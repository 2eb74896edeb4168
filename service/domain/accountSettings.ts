// Account settings of people and permissions that the spec names but does not define: the user
// limit (code reached_user_limit) and whether coworkers may create projects and tags through an
// entry (GAPS.md "Roles": "only if allowed"). Decided: no user limit and no such right by default;
// ServiceOptions.userLimit sets the limit, the coworker rights live only in the database.
import { refused } from '../http/errors';
import type { Queryable } from '../storage/store';

export interface PeopleSettings {
  user_limit: number | null;
  coworkers_create_projects: number;
  coworkers_create_tags: number;
}

export async function peopleSettings(db: Queryable, accountId: number): Promise<PeopleSettings> {
  return (await db.get(
    'SELECT user_limit, coworkers_create_projects, coworkers_create_tags FROM accounts WHERE id = ?',
    accountId,
  )) as PeopleSettings;
}

/** Sets the limit of the account `userId` belongs to; null = none. */
export async function setUserLimit(db: Queryable, userId: number, limit: number | null): Promise<void> {
  if (limit !== null && !(Number.isSafeInteger(limit) && limit >= 1))
    throw new Error('userLimit must be a whole number >= 1, or null');
  await db.run(
    'UPDATE accounts SET user_limit = ? WHERE id = (SELECT account_id FROM users WHERE id = ?)',
    limit,
    userId,
  );
}

export async function setCoworkerRights(
  db: Queryable,
  accountId: number,
  rights: { projects: boolean; tags: boolean },
): Promise<void> {
  await db.run(
    'UPDATE accounts SET coworkers_create_projects = ?, coworkers_create_tags = ? WHERE id = ?',
    rights.projects ? 1 : 0,
    rights.tags ? 1 : 0,
    accountId,
  );
}

/**
 * Throws reached_user_limit when one more user who counts would pass the limit. Decided: every
 * user counts except disabled (deactivated) ones, so deactivating someone makes room.
 */
export async function refuseBeyondUserLimit(db: Queryable, accountId: number): Promise<void> {
  const row = (await db.get(
    `SELECT user_limit AS max, (SELECT COUNT(*) FROM users WHERE account_id = a.id AND state != 'disabled') AS n FROM accounts a WHERE id = ?`,
    accountId,
  )) as { max: number | null; n: number };
  if (row.max !== null && row.n >= row.max) {
    throw refused(
      'User',
      'base',
      'reached_user_limit',
      `The account has reached its limit of ${row.max} users: deactivate one or raise the limit`,
    );
  }
}

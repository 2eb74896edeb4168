// Account settings of people and permissions that the spec names but does not define: the user
// limit (code reached_user_limit) and whether coworkers may create projects and tags through an
// entry (GAPS.md "Roles": "only if allowed"). Decided: no user limit and no such right by default;
// ServiceOptions.userLimit sets the limit, the coworker rights live only in the database.
import { refused } from '../http/errors';
import { sql, type Db } from '../storage/db';

export interface PeopleSettings {
  user_limit: number | null;
  coworkers_create_projects: number;
  coworkers_create_tags: number;
}

export function peopleSettings(db: Db, accountId: number): PeopleSettings {
  return sql(db, 'SELECT user_limit, coworkers_create_projects, coworkers_create_tags FROM accounts WHERE id = ?').get(
    accountId,
  ) as PeopleSettings;
}

/** Sets the limit of the account `userId` belongs to; null = none. */
export function setUserLimit(db: Db, userId: number, limit: number | null): void {
  if (limit !== null && !(Number.isSafeInteger(limit) && limit >= 1))
    throw new Error('userLimit must be a whole number >= 1, or null');
  sql(db, 'UPDATE accounts SET user_limit = ? WHERE id = (SELECT account_id FROM users WHERE id = ?)').run(
    limit,
    userId,
  );
}

export function setCoworkerRights(db: Db, accountId: number, rights: { projects: boolean; tags: boolean }): void {
  sql(db, 'UPDATE accounts SET coworkers_create_projects = ?, coworkers_create_tags = ? WHERE id = ?').run(
    rights.projects ? 1 : 0,
    rights.tags ? 1 : 0,
    accountId,
  );
}

/**
 * Throws reached_user_limit when one more user who counts would pass the limit. Decided: every
 * user counts except disabled (deactivated) ones, so deactivating someone makes room.
 */
export function refuseBeyondUserLimit(db: Db, accountId: number): void {
  const row = sql(
    db,
    `SELECT user_limit AS max, (SELECT COUNT(*) FROM users WHERE account_id = a.id AND state != 'disabled') AS n FROM accounts a WHERE id = ?`,
  ).get(accountId) as { max: number | null; n: number };
  if (row.max !== null && row.n >= row.max) {
    throw refused(
      'User',
      'base',
      'reached_user_limit',
      `The account has reached its limit of ${row.max} users: deactivate one or raise the limit`,
    );
  }
}

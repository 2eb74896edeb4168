// The account's project limit (GAPS.md: POST /v2/projects "code reached_project_limit"; spec 001
// lists it for POST /v2/entries too, whose project_name can create a project). Decided: the
// limit is the account's (accounts.project_limit, NULL = none, the local service's default),
// set by ServiceOptions.projectLimit; every project counts, archived ones too, since unarchiving
// one needs no room.
import { refused } from '../http/errors';
import type { Queryable } from '../storage/store';

export async function setProjectLimit(db: Queryable, userId: number, limit: number | null): Promise<void> {
  if (limit !== null && !(Number.isSafeInteger(limit) && limit >= 0))
    throw new Error('projectLimit must be a whole number >= 0, or null');
  await db.run(
    'UPDATE accounts SET project_limit = ? WHERE id = (SELECT account_id FROM users WHERE id = ?)',
    limit,
    userId,
  );
}

/** Throws reached_project_limit when the account has no room for one more project. */
export async function refuseBeyondProjectLimit(db: Queryable, accountId: number): Promise<void> {
  const row = (await db.get(
    'SELECT project_limit AS max, (SELECT COUNT(*) FROM projects WHERE account_id = a.id) AS n FROM accounts a WHERE id = ?',
    accountId,
  )) as { max: number | null; n: number } | undefined;
  if (row && row.max !== null && row.n >= row.max) {
    throw refused(
      'Project',
      'base',
      'reached_project_limit',
      `The account has reached its limit of ${row.max} projects: delete one or raise the limit`,
    );
  }
}

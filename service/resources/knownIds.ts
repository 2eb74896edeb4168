// Ids sent in a body must name something the caller sees (service/README.md: an id in a body that
// names nothing answers 400 missing), also in actions that otherwise skip what does not apply.
import { idList } from '../storage/dialect';
import type { Fields } from '../http/fields';
import { jsonList } from '../domain/sqlText';
import type { Queryable } from '../storage/store';

export interface RequireKnownIdsOptions {
  table: 'projects' | 'tags';
  accountId: number;
  ids: number[] | undefined;
  field: string;
  visible?: number[] | null;
}

/**
 * Fails `field` with code missing when an id names no row of the account in `table`, or one
 * outside `visible` (the projects a contractor was given; null = all).
 */
export async function requireKnownIds(
  db: Queryable,
  f: Fields,
  { table, accountId, ids, field, visible = null }: RequireKnownIdsOptions,
): Promise<void> {
  if (!ids || ids.length === 0) return;
  // The table name is one of two literals above, never input.
  const { n } = (await db.get(
    `SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ? AND id IN ${idList(db.dialect)}`,
    accountId,
    jsonList(ids),
  )) as {
    n: number;
  };
  const shown = visible === null || ids.every((id) => visible.includes(id));
  if (n !== new Set(ids).size || !shown) f.fail(field, 'missing');
}

// Spec 002 "Limits": the exact same entry (user, project, date, minutes, description) submitted
// again within one minute is refused. v1's single creates only: v2 has no such rule, and an import
// may hold two equal entries (decided, v1/entryImport.ts).
import { lockWithin, V1_ENTRIES_OF_USER } from '../../storage/narrowLocks';
import type { Queryable } from '../../storage/store';

export const DUPLICATE_WINDOW_MS = 60_000;

export interface DuplicateCandidate {
  accountId: number;
  userId: number;
  projectId: number | null;
  date: string;
  minutes: number;
  description: string | null;
}

export async function refuseDuplicate(
  tx: Queryable,
  values: DuplicateCandidate,
  nowMs: number,
  refusal: () => Error,
): Promise<void> {
  // The user's v1 creates one at a time across instances (storage/narrowLocks.ts): the one
  // before this one has committed, so its twin is seen here.
  await lockWithin(tx, V1_ENTRIES_OF_USER, values.userId);
  const since = `${new Date(nowMs - DUPLICATE_WINDOW_MS).toISOString().slice(0, 19)}Z`;
  const same = await tx.get(
    `SELECT 1 FROM entries WHERE account_id = ? AND user_id = ? AND date = ? AND project_id IS NOT DISTINCT FROM ? AND minutes = ? AND description IS NOT DISTINCT FROM ? AND created_at >= ? LIMIT 1`,
    values.accountId,
    values.userId,
    values.date,
    values.projectId,
    values.minutes,
    values.description,
    since,
  );
  if (same) throw refusal();
}

// The imports table (migration 7): one row per POST /api/entries/import, whose id the entries it
// made carry as import_id (v2 shows it as the entry's import and filters by import_ids).
import type { Queryable } from '../storage/store';

export async function insertImport(db: Queryable, accountId: number, userId: number, now: string): Promise<number> {
  return Number(
    (await db.get<{ id: number }>(
      'INSERT INTO imports (account_id, user_id, created_at) VALUES (?, ?, ?) RETURNING id',
      accountId,
      userId,
      now,
    ))!.id,
  );
}

/** insertEntry has no import_id to set (v2 never imports): set here, inside the import's transaction. */
export async function markImported(db: Queryable, entryId: number, importId: number): Promise<void> {
  await db.run('UPDATE entries SET import_id = ? WHERE id = ?', importId, entryId);
}

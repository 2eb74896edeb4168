// The imports table (migration 7): one row per POST /api/entries/import, whose id the entries it
// made carry as import_id (v2 shows it as the entry's import and filters by import_ids).
import { sql, type Db } from '../storage/db';

export function insertImport(db: Db, accountId: number, userId: number, now: string): number {
  return Number(
    sql(db, 'INSERT INTO imports (account_id, user_id, created_at) VALUES (?, ?, ?)').run(accountId, userId, now)
      .lastInsertRowid,
  );
}

/** insertEntry has no import_id to set (v2 never imports): set here, inside the import's transaction. */
export function markImported(db: Db, entryId: number, importId: number): void {
  sql(db, 'UPDATE entries SET import_id = ? WHERE id = ?').run(importId, entryId);
}

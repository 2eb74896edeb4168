// At start with a secrets key: the plain signing secrets of rows written before there was one
// (or by a run without it) are sealed at once rather than at their next reroll, which for a
// broadcast receiver may never come. Their plain bytes must not stay in the file either: earlier
// versions of a row can linger in a page's free space, in free pages and in the WAL, so the
// database is rebuilt (VACUUM) and the WAL checkpointed and truncated. That happens once: later
// starts find nothing plain.
import { inMemory, inTransaction, sql, type Db } from './db';
import { isSealed, type SecretBox } from './secretBox';

const TABLES = ['webhooks', 'broadcast_receivers'] as const;

/** Seals every plain secret; answers how many were sealed. Values sealed already, under any key, are left as they are. */
export function sealPlainSecrets(db: Db, box: SecretBox): number {
  if (!box.sealing) return 0;
  const sealed = inTransaction(db, () => {
    let count = 0;
    for (const table of TABLES) {
      const rows = sql(db, `SELECT id, secret FROM ${table}`).all() as Array<{ id: number; secret: string }>;
      for (const row of rows.filter((r) => !isSealed(r.secret))) {
        sql(db, `UPDATE ${table} SET secret = ? WHERE id = ?`).run(box.seal(row.secret), row.id);
        count++;
      }
    }
    return count;
  });
  if (sealed > 0 && !inMemory(db)) {
    db.exec('VACUUM');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }
  return sealed;
}

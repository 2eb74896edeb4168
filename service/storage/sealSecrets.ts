// At start with a secrets key: the plain signing secrets of rows written before there was one
// (or by a run without it) are sealed at once rather than at their next reroll, which for a
// broadcast receiver may never come. Their plain bytes must not stay in the file either: earlier
// versions of a row can linger in a page's free space, in free pages and in the WAL, so the
// database is rebuilt (VACUUM) and the WAL checkpointed and truncated. That happens once: later
// starts find nothing plain.
import type { Store } from './store';
import { SqliteStore } from './sqliteStore';
import { isSealed, type SecretBox } from './secretBox';

const TABLES = ['webhooks', 'broadcast_receivers'] as const;

/** Seals every plain secret; answers how many were sealed. Values sealed already, under any key, are left as they are. */
export async function sealPlainSecrets(store: Store, box: SecretBox): Promise<number> {
  if (!box.sealing) return 0;
  const sealed = await store.transaction(async (tx) => {
    let count = 0;
    for (const table of TABLES) {
      const rows = await tx.all<{ id: number; secret: string }>(`SELECT id, secret FROM ${table}`);
      for (const row of rows.filter((r) => !isSealed(r.secret))) {
        await tx.run(`UPDATE ${table} SET secret = ? WHERE id = ?`, box.seal(row.secret), row.id);
        count++;
      }
    }
    return count;
  });
  // PostgreSQL keeps no such copies in a file of ours to rebuild.
  if (sealed > 0 && store instanceof SqliteStore && store.file !== undefined) {
    await store.exec('VACUUM');
    await store.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }
  return sealed;
}

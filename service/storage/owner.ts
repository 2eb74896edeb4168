// First start on an empty database: the account and its owner. Later starts find them.
import { inTransaction, sql, type Db } from './db';

export interface OwnerSeed {
  email: string;
  now: string;
  /** The machine's offset from UTC in seconds: the local service's user works on this machine. */
  utcOffset: number;
}

export function ensureOwner(db: Db, seed: OwnerSeed): { ownerId: number; created: boolean } {
  return inTransaction(db, () => {
    const existing = sql(db, "SELECT id FROM users WHERE role = 'owner' ORDER BY id LIMIT 1").get() as
      | { id: number }
      | undefined;
    if (existing) return { ownerId: existing.id, created: false };
    const account = sql(db, 'INSERT INTO accounts (name, created_at) VALUES (?, ?)').run('Stint', seed.now);
    const user = sql(
      db,
      `INSERT INTO users (account_id, email, role, utc_offset, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?, ?)`,
    ).run(account.lastInsertRowid, seed.email, seed.utcOffset, seed.now, seed.now);
    return { ownerId: Number(user.lastInsertRowid), created: true };
  });
}

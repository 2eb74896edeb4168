// First start on an empty database: the account and its owner. Later starts find them.
import type { Queryable } from './store';

export interface OwnerSeed {
  email: string;
  now: string;
  /** The machine's offset from UTC in seconds: the local service's user works on this machine. */
  utcOffset: number;
}

/** Inside the caller's transaction (index.ts's seed holds the seed lock on PostgreSQL). */
export function ensureOwner(db: Queryable, seed: OwnerSeed): Promise<{ ownerId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await tx.get<{ id: number }>("SELECT id FROM users WHERE role = 'owner' ORDER BY id LIMIT 1");
    if (existing) return { ownerId: existing.id, created: false };
    const account = await tx.get<{ id: number }>(
      'INSERT INTO accounts (name, created_at) VALUES (?, ?) RETURNING id',
      'Stint',
      seed.now,
    );
    const user = await tx.get<{ id: number }>(
      `INSERT INTO users (account_id, email, role, utc_offset, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?, ?) RETURNING id`,
      account!.id,
      seed.email,
      seed.utcOffset,
      seed.now,
      seed.now,
    );
    return { ownerId: Number(user!.id), created: true };
  });
}

// Secrets the service makes once and every instance on the database shares (service_keys,
// migration 11). The first instance to ask makes the key; the primary key lets only one insert
// win (ON CONFLICT DO NOTHING waits for a concurrent insert of the same name to commit), and every
// instance then reads the winner.
import { randomBytes } from 'node:crypto';
import type { Queryable } from './store';

/** The 32-byte key of that name, made now if the database has none. */
export async function sharedKey(db: Queryable, name: string): Promise<Buffer> {
  await db.run(
    'INSERT INTO service_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
    name,
    randomBytes(32).toString('base64url'),
  );
  const row = await db.get<{ value: string }>('SELECT value FROM service_keys WHERE name = ?', name);
  return Buffer.from(row!.value, 'base64url');
}

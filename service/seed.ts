// What a start puts in the database before serving: the account and its owner on an empty
// database, the owner's first token, the password and the account's limits from ServiceOptions.
// On PostgreSQL any number of instances may start at once: the whole seed is one transaction
// under an advisory lock (SEED_LOCK), so one of them makes the owner and the token and the others
// find them. A later start never replaces the owner or the token; the password given at start is
// only the first one there (the owner changes it with `set-password`), while SQLite's single
// instance replaces it at every start, as `npm run service --owner-password` always did.
import { addPersonalToken, countPersonalTokens, generateToken, replaceHeldToken } from './auth/tokens';
import { setUserLimit } from './domain/accountSettings';
import { setProjectLimit } from './domain/projectLimit';
import { setPassword } from './oauth/setPassword';
import { ensureOwner } from './storage/owner';
import { SEED_LOCK, SERVICE_LOCK_NAMESPACE } from './storage/postgresMigrations';
import type { Queryable, Store } from './storage/store';
import type { ScryptCost } from './tuning';

export interface SeedOptions {
  ownerEmail: string;
  token?: string;
  tokenHolder?: string;
  ownerPassword?: string;
  userLimit?: number | null;
  projectLimit?: number | null;
  now: string;
  /** The cost the owner's password is hashed at (tuning.ts passwordHash). */
  passwordCost: ScryptCost;
}

export interface Seeded {
  ownerId: number;
  /** The token given or generated now; '' when the owner had one and none was given. */
  token: string;
  tokenCreated: boolean;
}

export function seedService(db: Store, options: SeedOptions): Promise<Seeded> {
  return db.transaction(async (tx) => {
    if (tx.dialect === 'postgres')
      await tx.run('SELECT pg_advisory_xact_lock(?, ?)', SERVICE_LOCK_NAMESPACE, SEED_LOCK);
    const { ownerId } = await ensureOwner(tx, {
      email: options.ownerEmail,
      now: options.now,
      utcOffset: -new Date().getTimezoneOffset() * 60,
    });
    const { token, tokenCreated } = await seedToken(tx, ownerId, options);
    if (options.projectLimit !== undefined) await setProjectLimit(tx, ownerId, options.projectLimit);
    if (options.userLimit !== undefined) await setUserLimit(tx, ownerId, options.userLimit);
    if (options.ownerPassword !== undefined && (tx.dialect === 'sqlite' || !(await hasPassword(tx, ownerId))))
      await setPassword(tx, ownerId, options.ownerPassword, { now: options.now, cost: options.passwordCost });
    return { ownerId, token, tokenCreated };
  });
}

async function seedToken(tx: Queryable, ownerId: number, options: SeedOptions) {
  const { token, tokenHolder: holder, now } = options;
  if (token !== undefined && holder) await replaceHeldToken(tx, { userId: ownerId, holder, token, now });
  else if (token !== undefined) await addPersonalToken(tx, ownerId, token, now);
  else if ((await countPersonalTokens(tx, ownerId)) === 0) {
    const generated = generateToken();
    await addPersonalToken(tx, ownerId, generated, now);
    return { token: generated, tokenCreated: true };
  }
  return { token: token ?? '', tokenCreated: false };
}

const hasPassword = async (tx: Queryable, userId: number) =>
  (await tx.get('SELECT 1 AS found FROM user_passwords WHERE user_id = ?', userId)) !== undefined;

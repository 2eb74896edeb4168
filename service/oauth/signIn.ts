// E-mail and password sign-in behind the throttle: what the authorize page uses, and what any
// other endpoint taking a password (the legacy v1 api_auth_token) should use rather than calling
// checkCredentials bare.
import { checkCredentials } from '../auth/passwords';
import { SIGN_IN_LOCK_NAMESPACE } from '../storage/postgresMigrations';
import type { Queryable, Store } from '../storage/store';
import type { ScryptCost } from '../tuning';
import { clearFailures, recordFailure, signInBlockedFor, signInKeys } from './throttle';

/**
 * checked: false when the throttle refused the attempt without looking at the password.
 * retryAfterMs: how long this e-mail must now wait from this address (0: it may try again at once).
 */
export type SignInResult = { ok: true; userId: number } | { ok: false; checked: boolean; retryAfterMs: number };

// Sign-ins sharing an e-mail or an address run one after another. Otherwise a guesser sending a
// hundred attempts at once would have them all checked before the first failure is counted.
// Within a process they queue here (so a burst waits in memory, not holding pooled connections);
// on PostgreSQL each then also takes its keys' advisory locks (acrossInstances), so attempts sent
// to other instances on the same database wait for them too.
const inFlight = new WeakMap<Store, Map<string, Promise<unknown>>>();

async function oneAtATime<T>(db: Queryable, keys: string[], work: () => Promise<T>): Promise<T> {
  let queues = inFlight.get(db.store);
  if (!queues) inFlight.set(db.store, (queues = new Map()));
  const before = keys.map((key) => queues.get(key)).filter(Boolean);
  const run = Promise.allSettled(before).then(work);
  const settled = run.catch(() => undefined);
  for (const key of keys) queues.set(key, settled);
  try {
    return await run;
  } finally {
    for (const key of keys) if (queues.get(key) === settled) queues.delete(key);
  }
}

/**
 * On PostgreSQL, `work` runs in a transaction holding an advisory lock per key (released at its
 * end, also when an instance dies). Every sign-in locks its e-mail's key before its address's, so
 * two sign-ins never wait for each other in a cycle. On SQLite one process is the only writer:
 * the queue above is enough, and a transaction would hold every other request back during the
 * password hash.
 */
function acrossInstances<T>(db: Queryable, keys: string[], work: (db: Queryable) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work(db);
  return db.transaction(async (tx) => {
    for (const key of keys) await tx.run('SELECT pg_advisory_xact_lock(?, hashtext(?))', SIGN_IN_LOCK_NAMESPACE, key);
    return work(tx);
  });
}

export interface SignInOptions {
  email: string;
  password: string;
  address: string;
  now: () => Date;
  /** The service's password cost (tuning.ts passwordHash): an unknown e-mail's check takes as long. */
  passwordCost: ScryptCost;
}

/** `address` is the client's address (request.ip); `now` the service's clock. */
export function signIn(
  db: Queryable,
  { email, password, address, now, passwordCost }: SignInOptions,
): Promise<SignInResult> {
  const keys = signInKeys(email, address);
  const names = keys.map((k) => k.key);
  return oneAtATime(db, names, () =>
    acrossInstances(db, names, async (db): Promise<SignInResult> => {
      // Which locks hold this sign-in back: throttle.ts, signInBlockedFor.
      const blocked = await signInBlockedFor(db, keys, now().getTime());
      if (blocked > 0) return { ok: false, checked: false, retryAfterMs: blocked };
      const userId = await checkCredentials(db, email, password, passwordCost);
      if (userId === null) {
        await recordFailure(db, keys, now().getTime());
        return { ok: false, checked: true, retryAfterMs: await signInBlockedFor(db, keys, now().getTime()) };
      }
      await clearFailures(db, keys[0]);
      return { ok: true, userId };
    }),
  );
}

// The few locks a team's writers still take across instances (issue 29: no account-wide write
// lock). Each covers one thing whose invariant no unique index or row lock can hold:
//   - PROJECTS_OF_ACCOUNT: creating a project, where a count is the invariant (the account's
//     project limit) and a name is looked up before it is created (entries' project_name), and
//     renaming one (v2 and v1 PUT), so that such a look never misses a name being given;
//   - TIMERS_OF_USER: a user's timers, of which one runs at a time (start pauses the others);
//   - V1_ENTRIES_OF_USER: v1's "the same entry again within a minute is refused" (spec 002),
//     a window no unique index can express;
//   - INVOICES_OF_ACCOUNT: making an invoice, whose generated reference counts on from the
//     account's earlier ones (the unique index on references would refuse a twin, not number it);
//   - USERS_OF_ACCOUNT: adding or reactivating a user, where a count is the invariant (the
//     account's user limit);
//   - IMPORTS_OF_ACCOUNT: v1 imports, each of which links many entries to many tags in one
//     transaction (entries sort the tags they create; an import's entries cannot all at once).
// Everything else holds by itself: names by unique indexes and ON CONFLICT (a twin committed
// meanwhile answers already_exists), tag links by their primary key, the rules of an entry,
// expense, tag, project, group or webhook by FOR UPDATE of its row, read again in the write.
//
// PostgreSQL's pg_advisory_xact_lock(namespace, key), held to the end of the transaction; SQLite
// (one writer at a time anyway) needs none. The namespaces differ from postgresMigrations.ts's.
import type { Queryable, TransactionOptions } from './store';

export const PROJECTS_OF_ACCOUNT = 0x50524f4a; // 'PROJ'
export const TIMERS_OF_USER = 0x54494d52; // 'TIMR'
export const V1_ENTRIES_OF_USER = 0x56314554; // 'V1ET'
export const INVOICES_OF_ACCOUNT = 0x494e5643; // 'INVC'
export const USERS_OF_ACCOUNT = 0x55534552; // 'USER'
export const IMPORTS_OF_ACCOUNT = 0x494d5054; // 'IMPT'

/** The lock's 32-bit key of an id: ids past 2^31 share keys, which only makes them wait for each other. */
const keyOf = (id: number) => id % 2147483648;

/** The `locks` option of a transaction that takes this one lock with its BEGIN. */
export function narrowLock(namespace: number, id: number): Pick<TransactionOptions, 'locks'> {
  return { locks: [[namespace, keyOf(id)]] };
}

/** Takes the lock inside an open transaction, once what it is for is known (one statement, PostgreSQL only). */
export async function lockWithin(tx: Queryable, namespace: number, id: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.run('SELECT pg_advisory_xact_lock(?, ?)', namespace, keyOf(id));
}

// The answers of entry lists kept while the SQLite database has not changed. A client polls an
// unchanged list (the app reads its week of up to 1000 entries again and again); reading the page,
// writing its 1 MB of JSON and encoding it cost three times the query itself. An answer is kept
// under the database's change counter, read before the page: a write that commits in between
// changes the counter, so the answer is never served for a database that has moved on (total_changes()
// grows with every row this connection writes, data_version with every commit of another
// connection: the store's writing one, seen from its reading one).
//
// Not inside a transaction (it may yet roll back), and not on PostgreSQL, which has no such cheap
// counter. The key holds all an answer depends on: the URL (its Link header), the SQL and its
// parameters, which carry the account and what the actor may see.
import type { Queryable, Store } from '../storage/store';

export interface PageAnswer {
  link: string | null;
  body: Buffer;
}

interface Kept {
  version: string;
  answers: Map<string, PageAnswer>;
  bytes: number;
}

const kept = new WeakMap<Store, Kept>();
const ANSWERS_KEPT = 8;
const BYTES_KEPT = 16 * 1024 * 1024;

/** The change counter of the SQLite database the handle reads. */
async function versionOf(db: Queryable): Promise<string> {
  const { c, v } = (await db.get('SELECT total_changes() AS c, data_version AS v FROM pragma_data_version')) as {
    c: number;
    v: number;
  };
  return `${c}:${v}`;
}

/** The kept answer for key, or the one `build` makes (kept when the database may be asked for its version). */
export async function keptPageAnswer(
  db: Queryable,
  key: string,
  build: () => Promise<PageAnswer>,
): Promise<PageAnswer> {
  if (db.inTransaction || db.dialect !== 'sqlite') return build();
  const version = await versionOf(db);
  let store = kept.get(db.store);
  if (!store || store.version !== version) kept.set(db.store, (store = { version, answers: new Map(), bytes: 0 }));
  const found = store.answers.get(key);
  if (found) return found;
  const answer = await build();
  if (store.answers.size >= ANSWERS_KEPT || store.bytes + answer.body.length > BYTES_KEPT) {
    store.answers.clear();
    store.bytes = 0;
  }
  store.answers.set(key, answer);
  store.bytes += answer.body.length;
  return answer;
}

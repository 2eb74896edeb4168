// The service's integration tests on PostgreSQL: with STINT_TEST_STORE=postgres, each service a
// test starts runs on a fresh database of the shared test cluster (a copy of the migrated template),
// dropped when the service closes. A service given a data folder means SQLite (its file) and stays
// on SQLite.
//
// Copying the template and opening a store on the copy (its migration check) take 0.1–1 s each,
// once per service, and a file starts one per test: so the next service's database is copied and
// its store opened while this one's test runs. Each service still gets a database and a store no
// one else has used. The drop stays in close(): a test that closes the store to make the database
// unreachable (operations.test.ts's /readyz) counts on it being gone, since a closed PostgresStore
// still opens its monitor connection when asked.
import { openPostgresStore } from '../../service/storage/postgresStore';
import type { Store } from '../../service/storage/store';
import { type TestDatabase, testDatabase } from './postgres';

/** True when this run's services run on PostgreSQL. */
export const onPostgres = () => process.env.STINT_TEST_STORE === 'postgres';

interface Fresh {
  database: TestDatabase;
  store: Store;
}

/** The next service's database and store, being made (one ahead, for this file). */
let ahead: Promise<Fresh> | undefined;

async function fresh(): Promise<Fresh> {
  const database = await testDatabase();
  // Its pool connects at its first query: one made ahead and never taken holds no connection.
  return { database, store: await openPostgresStore({ url: database.url, poolSize: 4 }) };
}

function next(): Promise<Fresh> {
  const taken = ahead ?? fresh();
  ahead = fresh();
  // A copy that failed fails the test that takes it (the promise is kept); none is left unhandled.
  ahead.catch(() => {});
  return taken;
}

/** A PostgreSQL store on a new database, which its close() drops. */
export async function postgresTestStore(): Promise<Store> {
  const { database, store } = await next();
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await database.drop();
  };
  return store;
}

// The service's integration tests on PostgreSQL: with STINT_TEST_STORE=postgres, each service a
// test starts runs on a fresh database of the shared test cluster (a copy of the migrated template),
// dropped when the service closes. A service given a data folder means SQLite (its file) and stays
// on SQLite.
//
// Copying the template and dropping a database each take 0.1–1 s of the cluster's time, once per
// service, and a file starts one per test: so the next service's database is copied while this
// one's test runs, and a closed service's database is dropped while the next test runs (the file
// waits for its drops at its end). Each service still gets a database no one else has used.
import { afterAll } from 'vitest';
import { openPostgresStore } from '../../service/storage/postgresStore';
import type { Store } from '../../service/storage/store';
import { type TestDatabase, testDatabase } from './postgres';

/** True when this run's services run on PostgreSQL. */
export const onPostgres = () => process.env.STINT_TEST_STORE === 'postgres';

/** The next service's database, being copied from the template (one ahead, for this file). */
let ahead: Promise<TestDatabase> | undefined;
const drops: Promise<void>[] = [];

afterAll(async () => {
  await Promise.all(drops.splice(0));
});

function nextDatabase(): Promise<TestDatabase> {
  const next = ahead ?? testDatabase();
  ahead = testDatabase();
  // A copy that failed fails the test that takes it (the promise is kept); none is left unhandled.
  ahead.catch(() => {});
  return next;
}

/** A PostgreSQL store on a new database, which its close() drops. */
export async function postgresTestStore(): Promise<Store> {
  const database = await nextDatabase();
  const store = await openPostgresStore({ url: database.url, poolSize: 4 });
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    // Its connections are closed: nothing reads it again, and the drop need not hold the test.
    drops.push(database.drop().catch((error) => console.warn(`dropping ${database.name}: ${error}`)));
  };
  return store;
}

// The service's integration tests on PostgreSQL: with STINT_TEST_STORE=postgres, each service a
// test starts runs on a fresh database of the shared test cluster (a copy of the migrated template),
// dropped when the service closes. A service given a data folder means SQLite (its file) and stays
// on SQLite.
import { openPostgresStore } from '../../service/storage/postgresStore';
import type { Store } from '../../service/storage/store';
import { testDatabase } from './postgres';

/** True when this run's services run on PostgreSQL. */
export const onPostgres = () => process.env.STINT_TEST_STORE === 'postgres';

/** A PostgreSQL store on a new database, which its close() drops. */
export async function postgresTestStore(): Promise<Store> {
  const database = await testDatabase();
  const store = await openPostgresStore({ url: database.url, poolSize: 4 });
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await database.drop();
  };
  return store;
}

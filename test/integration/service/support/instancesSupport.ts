// Several real service instances in this process on one PostgreSQL database, each with its own
// pool (as separate processes on several hosts would have), for the tests that race requests
// over them. Everything is closed and the database dropped after each test.
import { startService, type RunningService, type ServiceOptions } from '../../../../service';
import { openPostgresStore, type PostgresStore } from '../../../../service/storage/postgresStore';
import { type TestDatabase, testDatabase } from '../../../support/postgres';
import { afterEachTest } from '../../../support/afterEachTest';
import { withTestPasswordCost } from '../../../support/passwordCost';

const cleanups: Array<() => Promise<void>> = [];
afterEachTest(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export interface Instances {
  services: RunningService[];
  /** Each instance's own store, in the order of `services` (their pools, for the tests that watch them). */
  stores: PostgresStore[];
  database: TestDatabase;
  /** A store of the test's own on the database (an operator's tool): to look at rows, or set them up. */
  admin: PostgresStore;
}

/** `count` instances on one new database, the first started alone (it makes the owner and token). */
export async function instancesOnOneDatabase(
  count: number,
  options: ServiceOptions & { poolSize?: number } = {},
): Promise<Instances> {
  const { poolSize = 4, ...serviceOptions } = options;
  const database = await testDatabase();
  cleanups.push(() => database.drop());
  const instance = async (extra: ServiceOptions = {}) => {
    const store = await openPostgresStore({ url: database.url, poolSize });
    const service = await startService({
      rateLimit: 0,
      ...serviceOptions,
      ...extra,
      tuning: withTestPasswordCost({ ...serviceOptions.tuning, ...extra.tuning }),
      store,
    });
    cleanups.push(() => service.close());
    return { service, store };
  };
  const first = await instance();
  const rest = await Promise.all(Array.from({ length: count - 1 }, () => instance({ token: first.service.token })));
  const admin = await openPostgresStore({ url: database.url, poolSize: 2 });
  cleanups.push(() => admin.close());
  const all = [first, ...rest];
  return { services: all.map((i) => i.service), stores: all.map((i) => i.store), database, admin };
}

/** `n` copies of `request` at once, the i-th sent to instance i mod the number of instances. */
export function race<T>(services: RunningService[], n: number, request: (base: string) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(services[i % services.length]!.url)));
}

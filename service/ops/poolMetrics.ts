// The PostgreSQL pool as Prometheus sees it: connections in use and idle, callers waiting for
// one (pg.Pool's waitingCount, read at scrape time), and how long each wait for a connection took.
import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';

type Connect = pg.Pool['connect'];

/** Times every acquisition of a connection (pool.query takes one through connect too). */
function timeAcquisitions(pool: pg.Pool, observe: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    if (callback) {
      return connect((...args: unknown[]) => {
        done();
        callback(...args);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      done();
      return client;
    });
  }) as Connect;
}

export function registerPoolMetrics(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'stint_db_pool_waiting',
    help: 'Callers waiting for a database connection from the pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'stint_db_pool_connections',
    help: 'Database connections of the pool, by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  const acquire = new Histogram({
    name: 'stint_db_pool_acquire_seconds',
    help: 'Time to get a connection from the pool (waits when every connection is in use)',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  timeAcquisitions(pool, (seconds) => acquire.observe(seconds));
}

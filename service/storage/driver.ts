// The SQLite driver under the service: Node's built-in node:sqlite, the same module in plain Node
// and in Electron's main process (since electron/electron PR 47706), so there is no native module
// to compile per Node ABI. Only service/storage/ touches a connection; everything else goes
// through db.ts's helpers.
//
// The connection and statement shapes are the part of node:sqlite's DatabaseSync and
// StatementSync that db.ts uses, so that node:sqlite needs no wrapper, and a benchmark can put
// another driver under the same service (bench/betterSqlite3Driver.ts: better-sqlite3, side by side).

import { DatabaseSync } from 'node:sqlite';

export interface DriverStatement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  /** Rows as arrays of column values instead of objects (cheaper to build). */
  setReturnArrays(enabled: boolean): void;
  columns(): Array<{ name: string }>;
}

export interface Connection {
  prepare(text: string): DriverStatement;
  exec(text: string): void;
  close(): void;
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
}

export interface SqliteDriver {
  readonly name: string;
  /** Opens a database file, or a private in-memory database for ':memory:'. */
  open(path: string): Connection;
}

export const nodeSqlite: SqliteDriver = {
  name: 'node:sqlite',
  open(path) {
    // Foreign keys are on and double-quoted string literals off by default, as the schema expects.
    const db = new DatabaseSync(path, { timeout: 5000 });
    return db as unknown as Connection;
  },
};

// The Store on SQLite (node:sqlite by default): one connection, statements compiled once per SQL
// text, rows shaped from arrays by a mapper compiled per statement (drivers build row objects
// property by property in native code, which costs more per row).
//
// One connection means one transaction at a time, while requests now await between statements.
// So transactions are serialised, as Kysely's SqliteDriver does with its connection mutex: while
// a transaction is open, every other query and transaction on the store waits until it ends,
// and only its handle runs statements. A nested transaction is a savepoint on the handle, which
// serialises its own children the same way. A query on the store from inside its own open
// transaction would wait forever: it throws instead (AsyncLocalStorage tells who is asking).
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSqlite, type Connection, type DriverStatement, type SqliteDriver } from './driver';
import { migrate } from './migrations';
import { makePrivateDir, makePrivateFile } from '../../platform/privateFiles';
import type { Queryable, Row, Store } from './store';

interface Compiled {
  statement: DriverStatement;
  /** Builds the row object from its array of values; compiled at first use. */
  shape?: (values: unknown[]) => unknown;
}

/** The connection and its statement cache, shared by the store and its transactions. */
class Statements {
  private readonly cache = new Map<string, Compiled>();
  constructor(readonly connection: Connection) {}

  compiled(text: string): Compiled {
    let compiled = this.cache.get(text);
    if (!compiled) {
      const statement = this.connection.prepare(text);
      // Every statement answers arrays: objects are shaped from them (see shapeOf).
      statement.setReturnArrays(true);
      compiled = { statement };
      this.cache.set(text, compiled);
    }
    return compiled;
  }

  shapeOf(compiled: Compiled): (values: unknown[]) => unknown {
    if (!compiled.shape) {
      const columns = compiled.statement.columns().map((c) => c.name);
      // Column names come from the SQL text written in this code base, never from input.
      compiled.shape = new Function(
        'r',
        `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`,
      ) as (values: unknown[]) => unknown;
    }
    return compiled.shape;
  }
}

/** The open transaction (innermost) of the async path that is running. */
const holder = new AsyncLocalStorage<Level>();

/** The store (depth 0) or a transaction's handle (depth 1) or a savepoint's (deeper). */
class Level implements Queryable {
  readonly dialect = 'sqlite' as const;
  /** The open transaction or savepoint on this level: everything else on it waits. */
  protected child: Level | undefined;
  private childEnded: Promise<void> | undefined;
  protected ended = false;

  constructor(
    protected readonly statements: Statements,
    private readonly depth: number,
    private readonly parent: Level | undefined,
    private readonly root?: SqliteStore,
  ) {}

  get store(): SqliteStore {
    return this.root ?? (this as unknown as SqliteStore);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** What runs after COMMIT, kept on the outermost transaction's level (depth 1). */
  private readonly committed: Array<() => void> = [];

  afterCommit(fn: () => void): void {
    if (this.depth === 0) {
      fn();
      return;
    }
    let outermost: Level = this;
    while (outermost.parent && outermost.parent.depth > 0) outermost = outermost.parent;
    outermost.committed.push(fn);
  }

  async all<T = Row>(text: string, ...params: unknown[]): Promise<T[]> {
    while (this.child) await this.childEnd();
    const compiled = this.usable().compiled(text);
    const shape = this.statements.shapeOf(compiled);
    return (compiled.statement.all(...params) as unknown[][]).map(shape) as T[];
  }

  async get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> {
    while (this.child) await this.childEnd();
    const compiled = this.usable().compiled(text);
    const row = compiled.statement.get(...params) as unknown[] | undefined;
    return row === undefined ? undefined : (this.statements.shapeOf(compiled)(row) as T);
  }

  async arrays<T extends unknown[] = unknown[]>(text: string, ...params: unknown[]): Promise<T[]> {
    while (this.child) await this.childEnd();
    return this.usable()
      .compiled(text)
      .statement.all(...params) as T[];
  }

  async column<T>(text: string, ...params: unknown[]): Promise<T[]> {
    while (this.child) await this.childEnd();
    const rows = this.usable()
      .compiled(text)
      .statement.all(...params) as unknown[][];
    return rows.map((row) => row[0] as T);
  }

  async run(text: string, ...params: unknown[]): Promise<{ changes: number }> {
    while (this.child) await this.childEnd();
    const { changes } = this.usable()
      .compiled(text)
      .statement.run(...params);
    return { changes: Number(changes) };
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    while (this.child) await this.childEnd();
    const statements = this.usable();
    // From here to the first await nothing else runs: the level is taken before anyone else looks.
    const child = new Level(statements, this.depth + 1, this, this.store);
    let release!: () => void;
    this.child = child;
    this.childEnded = new Promise((resolve) => (release = resolve));
    const outer = this.depth === 0;
    try {
      statements.compiled(outer ? 'BEGIN' : 'SAVEPOINT nested').statement.run();
      try {
        const result = await holder.run(child, fn, child);
        child.ended = true;
        statements.compiled(outer ? 'COMMIT' : 'RELEASE nested').statement.run();
        if (outer) for (const fn of child.committed.splice(0)) fn();
        return result;
      } catch (error) {
        child.ended = true;
        // A failed COMMIT may have ended the transaction already.
        if (statements.connection.isTransaction) {
          if (outer) statements.compiled('ROLLBACK').statement.run();
          else {
            statements.compiled('ROLLBACK TO nested').statement.run();
            statements.compiled('RELEASE nested').statement.run();
          }
        }
        throw error;
      }
    } finally {
      child.ended = true;
      this.child = undefined;
      this.childEnded = undefined;
      release();
    }
  }

  /** What a caller waits for while a transaction is open on this level; refuses to wait for itself. */
  protected childEnd(): Promise<void> {
    for (let level = holder.getStore(); level; level = level.parent) {
      if (level === this.child)
        throw new Error(
          'A query on the store (or an outer transaction) from inside its own open transaction would wait forever: query through the transaction handle',
        );
    }
    return this.childEnded!;
  }

  protected usable(): Statements {
    if (this.ended)
      throw new Error(
        this.depth === 0 ? 'The store is closed' : 'This transaction has ended: its handle cannot be used',
      );
    return this.statements;
  }
}

/** The SQLite store, with what only SQLite has: the raw connection (pragmas, VACUUM, checkpoints). */
export class SqliteStore extends Level implements Store {
  constructor(
    /** The connection under the store, for SQLite's own maintenance and for tests; queries go through the store. */
    readonly connection: Connection,
    /** The database file; undefined in memory. */
    readonly file: string | undefined,
  ) {
    super(new Statements(connection), 0, undefined);
  }

  // The options (lockKey) matter across instances only: one SQLite connection has one writer anyway.
  override transaction<T>(fn: (tx: Queryable) => Promise<T>, _options?: { lockKey?: number }): Promise<T> {
    return super.transaction(fn);
  }

  /** Runs SQLite text outside any transaction (VACUUM, checkpoints); waits for an open transaction first. */
  async exec(text: string): Promise<void> {
    while (this.child) await this.childEnd();
    this.usable().connection.exec(text);
  }

  /** A pragma's value (user_version, page_size...). */
  pragma(name: string): unknown {
    const statement = this.connection.prepare(`PRAGMA ${name}`);
    statement.setReturnArrays(true);
    return (statement.get() as unknown[] | undefined)?.[0];
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.connection.close();
  }
}

/** Opens service.db in dataDir (memory when there is none), brought to the latest schema. */
export function openSqliteStore(dataDir?: string, driver: SqliteDriver = nodeSqlite): SqliteStore {
  let connection: Connection;
  let file: string | undefined;
  if (dataDir) {
    // Only this user may read it: the folder 0700, the file 0600 before SQLite first opens it
    // (SQLite gives the WAL and shared-memory files the database file's mode).
    makePrivateDir(dataDir);
    file = join(dataDir, 'service.db');
    makePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) makePrivateFile(companion);
    connection = driver.open(file);
    // WAL lets readers proceed during a write and survives a crash mid-transaction. FULL syncs
    // the WAL at every commit, so an acknowledged write survives a power cut or an OS crash too
    // (NORMAL, a common driver default in WAL mode, may lose the last commits there).
    connection.exec('PRAGMA journal_mode = WAL');
    connection.exec('PRAGMA synchronous = FULL');
  } else {
    connection = driver.open(':memory:');
  }
  connection.exec('PRAGMA foreign_keys = ON');
  connection.exec('PRAGMA busy_timeout = 5000');
  try {
    migrate(connection);
  } catch (error) {
    connection.close();
    throw error;
  }
  return new SqliteStore(connection, file);
}

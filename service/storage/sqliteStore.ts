// The Store on SQLite (node:sqlite by default): one connection for writes, statements compiled
// once per SQL text, rows shaped from arrays by a mapper compiled per statement (drivers build row
// objects property by property in native code, which costs more per row).
//
// Writes: one connection means one transaction at a time, while requests await between
// statements. Write transactions are queued and run in batches (groupCommit.ts): the units that
// queue up while a batch runs share its SQLite transaction, each in a savepoint of its own, and
// one COMMIT (one fsync with synchronous=FULL), and each unit's caller is answered once that
// COMMIT returned. While a batch is open only its current unit's handle runs statements on the
// connection. A nested transaction is a savepoint on the handle, which serialises its own children
// the same way. A statement on the store that is not a SELECT is a unit of its own.
//
// Reads: on a file, a second connection (read only) answers the store's SELECTs outside any
// transaction, from what is committed, without waiting for a batch; so a read never sees a
// batch's writes before they are on disk. In memory (one private database, one connection) they
// wait for the open batch to end.
//
// A query on the store from inside its own open transaction would wait forever for that
// transaction's batch: it throws instead (AsyncLocalStorage tells who is asking).
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSqlite, type Connection, type DriverStatement, type SqliteDriver } from './driver';
import { type BatchTransaction, GroupCommit } from './groupCommit';
import { migrate } from './migrations';
import { makePrivateDir, makePrivateFile } from '../../platform/privateFiles';
import type { Queryable, Row, Store, TransactionOptions } from './store';

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

/** Statements the reading connection may answer: SELECTs, and PRAGMAs that only read. */
const READ = /^\s*(SELECT\b|PRAGMA\s+\w+\s*$)/i;

/**
 * The store (depth 0), a batch's open transaction (depth 1, internal), a unit's handle (depth 2,
 * what a transaction's function receives) or a savepoint's (deeper).
 */
class Level implements Queryable {
  readonly dialect = 'sqlite' as const;
  /** The open savepoint (or, on the store, batch) on this level: everything else on it waits. */
  protected child: Level | undefined;
  protected childEnded: Promise<void> | undefined;
  ended = false;
  /** What runs after COMMIT, kept on the unit's level (depth 2). */
  readonly committed: Array<() => void> = [];

  constructor(
    protected readonly statements: Statements,
    readonly depth: number,
    readonly parent: Level | undefined,
    private readonly root?: SqliteStore,
  ) {}

  get store(): SqliteStore {
    return this.root ?? (this as unknown as SqliteStore);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  afterCommit(fn: () => void): void {
    if (this.depth === 0) {
      fn();
      return;
    }
    let unit: Level = this;
    while (unit.parent && unit.parent.depth > 1) unit = unit.parent;
    // Run later in the context it was asked from, as when it ran at the end of its own transaction.
    unit.committed.push(AsyncResource.bind(fn));
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

  /** A savepoint on this level (a transaction's handle: a nested transaction; a batch's: a unit). */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return (await this.savepoint(fn)).result;
  }

  /** Runs fn in a savepoint on this level; answers its result and its level (what it queued for after COMMIT). */
  async savepoint<T>(fn: (tx: Queryable) => Promise<T>): Promise<{ result: T; level: Level }> {
    while (this.child) await this.childEnd();
    const statements = this.usable();
    // From here to the first await nothing else runs: the level is taken before anyone else looks.
    const child = new Level(statements, this.depth + 1, this, this.store);
    let release!: () => void;
    this.child = child;
    this.childEnded = new Promise((resolve) => (release = resolve));
    try {
      statements.compiled('SAVEPOINT nested').statement.run();
      try {
        const result = await holder.run(child, fn, child);
        child.ended = true;
        statements.compiled('RELEASE nested').statement.run();
        return { result, level: child };
      } catch (error) {
        child.ended = true;
        // An error that ended the whole transaction (disk full, I/O) leaves no savepoint to go back to.
        if (statements.connection.isTransaction) {
          statements.compiled('ROLLBACK TO nested').statement.run();
          statements.compiled('RELEASE nested').statement.run();
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

  /** What a caller waits for while a savepoint is open on this level; refuses to wait for itself. */
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
  private readonly commits: GroupCommit<Level>;
  /** The read-only connection's level (a file only): the store's SELECTs, from what is committed. */
  private readonly reading: Level | undefined;

  constructor(
    /** The connection under the store, for SQLite's own maintenance and for tests; queries go through the store. */
    readonly connection: Connection,
    /** The database file; undefined in memory. */
    readonly file: string | undefined,
    /** A second connection to the same file, opened read only, for reads outside transactions. */
    private readonly reader?: Connection,
  ) {
    super(new Statements(connection), 0, undefined);
    this.reading = reader ? new Level(new Statements(reader), 0, undefined, this) : undefined;
    this.commits = new GroupCommit(this.batches());
  }

  /** How the group commit drives this store's connection. */
  private batches(): BatchTransaction<Level> {
    const statements = this.statements;
    const run = (text: string) => statements.compiled(text).statement.run();
    return {
      gathers: this.reading !== undefined,
      hold: () => {
        this.child = new Level(statements, 1, this, this);
        this.childEnded = new Promise((resolve) => (this.releaseBatch = resolve));
      },
      release: () => {
        if (this.child) this.child.ended = true;
        this.child = undefined;
        this.childEnded = undefined;
        this.releaseBatch?.();
      },
      begin: () => {
        this.usable();
        // IMMEDIATE: a batch is a write, so it takes the write lock first. A deferred BEGIN would
        // read under a snapshot that another connection's commit (the service command beside a
        // running service, a test's own connection) makes stale, and its first write would then
        // fail with "database is locked" at once, which no busy timeout waits out.
        run('BEGIN IMMEDIATE');
        return this.child!;
      },
      commit: () => run('COMMIT'),
      rollback: () => {
        if (statements.connection.isOpen && statements.connection.isTransaction) run('ROLLBACK');
      },
      isOpen: () => statements.connection.isOpen && statements.connection.isTransaction,
    };
  }

  private releaseBatch: (() => void) | undefined;

  // The options (narrow locks) matter across instances only: one SQLite connection has one writer anyway.
  override transaction<T>(fn: (tx: Queryable) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    try {
      this.refuseFromInside();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.commits.run(async (batch) => {
      const { result, level } = await batch.savepoint(fn);
      return { result, afterCommit: level.committed };
    });
  }

  // Outside a transaction: reads from the reading connection (on a file), anything else as a unit
  // of its own, which commits with a batch like every write.
  override async all<T = Row>(text: string, ...params: unknown[]): Promise<T[]> {
    if (!READ.test(text)) return this.transaction((tx) => tx.all<T>(text, ...params));
    this.refuseFromInside();
    return this.reading ? this.reading.all<T>(text, ...params) : super.all<T>(text, ...params);
  }

  override async get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> {
    if (!READ.test(text)) return this.transaction((tx) => tx.get<T>(text, ...params));
    this.refuseFromInside();
    return this.reading ? this.reading.get<T>(text, ...params) : super.get<T>(text, ...params);
  }

  override async arrays<T extends unknown[] = unknown[]>(text: string, ...params: unknown[]): Promise<T[]> {
    if (!READ.test(text)) return this.transaction((tx) => tx.arrays<T>(text, ...params));
    this.refuseFromInside();
    return this.reading ? this.reading.arrays<T>(text, ...params) : super.arrays<T>(text, ...params);
  }

  override async column<T>(text: string, ...params: unknown[]): Promise<T[]> {
    if (!READ.test(text)) return this.transaction((tx) => tx.column<T>(text, ...params));
    this.refuseFromInside();
    return this.reading ? this.reading.column<T>(text, ...params) : super.column<T>(text, ...params);
  }

  override run(text: string, ...params: unknown[]): Promise<{ changes: number }> {
    return this.transaction((tx) => tx.run(text, ...params));
  }

  /** Throws when the asking code runs inside an open transaction of this store: it would wait for its own batch. */
  private refuseFromInside(): void {
    for (let level = holder.getStore(); level; level = level.parent) {
      if (level.store === this && level.depth > 0 && !level.ended)
        throw new Error(
          'A query on the store (or an outer transaction) from inside its own open transaction would wait forever: query through the transaction handle',
        );
    }
  }

  /** Runs SQLite text outside any transaction (VACUUM, checkpoints); waits for an open batch first. */
  async exec(text: string): Promise<void> {
    this.refuseFromInside();
    while (this.child) await this.childEnded;
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
    this.commits.close(new Error('The store is closed'));
    if (this.reading) this.reading.ended = true;
    this.reader?.close();
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
    connection = openMemory(driver);
  }
  connection.exec('PRAGMA foreign_keys = ON');
  connection.exec('PRAGMA busy_timeout = 5000');
  try {
    const { from } = migrate(connection);
    if (!file && from === 0) keepMigratedImage(driver, connection);
  } catch (error) {
    connection.close();
    throw error;
  }
  return new SqliteStore(connection, file, file === undefined ? undefined : openReader(driver, file));
}

/**
 * The empty database at the latest schema, as bytes, per driver: migrating from nothing costs
 * 40-150 ms of CPU (table rebuilds among the migrations), and a process that opens many
 * in-memory stores (the test suites open one per service, hundreds per file) pays it once. Only
 * memory stores start from it, and each from its own copy: a file's store always migrates the
 * file itself.
 */
const migratedImages = new WeakMap<SqliteDriver, Uint8Array>();

/** node:sqlite's serialize()/deserialize() (Node 24): absent on other drivers and older runtimes. */
interface Imageable {
  serialize(): Uint8Array;
  deserialize(image: Uint8Array): void;
}
const imageable = (connection: Connection): connection is Connection & Imageable =>
  typeof (connection as Partial<Imageable>).serialize === 'function' &&
  typeof (connection as Partial<Imageable>).deserialize === 'function';

/** A private in-memory database, already migrated when this process has migrated one before. */
function openMemory(driver: SqliteDriver): Connection {
  const connection = driver.open(':memory:');
  const image = migratedImages.get(driver);
  // deserialize() copies the bytes: the stores never share a page.
  if (image && imageable(connection)) connection.deserialize(image);
  return connection;
}

/** Keeps a just-migrated, still empty memory database as the image later memory stores start from. */
function keepMigratedImage(driver: SqliteDriver, connection: Connection): void {
  if (imageable(connection)) migratedImages.set(driver, connection.serialize());
}

/** The reading connection: WAL lets it read what is committed while the other connection writes. */
function openReader(driver: SqliteDriver, file: string): Connection {
  const reader = driver.open(file);
  // It only reads: a write sent to it by mistake fails instead of slipping past the batches.
  reader.exec('PRAGMA query_only = ON');
  reader.exec('PRAGMA busy_timeout = 5000');
  return reader;
}

// The PostgreSQL store (store.ts's interface) for a team: any number of service instances on one
// database. A pg.Pool of connections; each transaction holds one of them from BEGIN to COMMIT
// (nested transactions are savepoints on it). A transaction given narrow locks (store.ts
// TransactionOptions.locks: one user's timers, say) takes them with its BEGIN, in one round trip. A
// transaction without locks sends its BEGIN with its first statement, in the same round trip
// (PostgresTransaction.send: the pool's connections pipeline). A transaction PostgreSQL ends as a
// deadlock's victim or a serialization failure is run again, a bounded number of times.
//
// Values come back as the SQLite store gives them, so the service reads one shape:
// - int8 (COUNT, bigint columns) and numeric (SUM of bigints, AVG) are JS numbers. An integer
//   beyond Number.MAX_SAFE_INTEGER fails the query instead of coming back rounded.
// - booleans (EXISTS, comparisons in a SELECT) are 1 and 0, as SQLite computes them.
// Errors are pg's own: `code` is the SQLSTATE (23503 foreign key, 23505 unique; see
// constraintErrors.ts's isUniqueViolation and dialect.ts's isForeignKeyViolation).
//
// Unlike SQLite, a statement that fails inside a transaction aborts the whole transaction: code
// that catches a failed statement and carries on must run it in a nested transaction (a savepoint).
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { outsideRequest, RequestCut, refuseIfCut, requestSignal } from './cancellation';
import { listenOn } from './postgresListener';
import { migratePostgres } from './postgresMigrations';
import { numberPlaceholders } from './postgresPlaceholders';
import type { Queryable, Row, Store, TransactionOptions } from './store';

const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;

function safeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`PostgreSQL gave the integer ${text}, beyond what a JavaScript number holds exactly`);
  }
  return value;
}

function numeric(text: string): number {
  // A whole number must be exact; a fraction (AVG) is a double, as SQLite's REAL is.
  return /^-?\d+$/.test(text) ? safeInteger(text) : Number(text);
}

/** The pool's own parsers: other pg users in the process keep pg's defaults. */
function storeTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8, 'text', safeInteger);
  types.setTypeParser(NUMERIC, 'text', numeric);
  types.setTypeParser(BOOL, 'text', (text: string) => (text === 't' ? 1 : 0));
  return types;
}

/** How often a transaction that lost a deadlock or a serialization check is run again. */
const RETRIES = 3;
const isRetryable = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};

export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** Each SQL text is translated once and prepared once per connection, under a name of its own. */
interface Statement {
  name: string;
  text: string;
}
const statements = new Map<string, Statement>();
let statementCount = 0;
const STATEMENT_CACHE_LIMIT = 5000;

function statement(text: string): Statement {
  let found = statements.get(text);
  if (!found) {
    // A runaway of distinct texts (SQL built from input would be a bug) must not grow memory forever;
    // names are never reused, so a connection never mistakes an old statement for a new one.
    if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
    found = { name: `stint_${++statementCount}`, text: numberPlaceholders(text) };
    statements.set(text, found);
  }
  return found;
}

type Run = (config: pg.QueryConfig) => Promise<pg.QueryResult>;

/** The part of a socket that holds writes back until uncorked, so several messages go out in one write. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The queries of the interface over one way of running a statement (the pool, or one client). */
abstract class PostgresQueryable implements Queryable {
  abstract afterCommit(fn: () => void): void;
  readonly dialect = 'postgres' as const;
  abstract readonly store: PostgresStore;
  abstract readonly inTransaction: boolean;
  protected abstract execute: Run;
  abstract transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;

  private query(text: string, params: unknown[], arrays = false): Promise<pg.QueryResult> {
    const { name, text: numbered } = statement(text);
    return this.execute({ name, text: numbered, values: params, ...(arrays ? { rowMode: 'array' } : {}) });
  }

  async all<T = Row>(text: string, ...params: unknown[]): Promise<T[]> {
    return (await this.query(text, params)).rows as T[];
  }

  async get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.query(text, params)).rows[0] as T | undefined;
  }

  async arrays<T extends unknown[] = unknown[]>(text: string, ...params: unknown[]): Promise<T[]> {
    return (await this.query(text, params, true)).rows as unknown as T[];
  }

  async column<T>(text: string, ...params: unknown[]): Promise<T[]> {
    return ((await this.query(text, params, true)).rows as unknown as unknown[][]).map((row) => row[0] as T);
  }

  async run(text: string, ...params: unknown[]): Promise<{ changes: number }> {
    return { changes: (await this.query(text, params)).rowCount ?? 0 };
  }
}

/** The open transaction (innermost) of the async path that is running. */
const holder = new AsyncLocalStorage<PostgresTransaction>();

/**
 * A transaction's handle (depth 1) or a savepoint's (deeper): one pooled client, alive until the
 * transaction's function settles. As on SQLite, a handle runs one nested transaction at a time,
 * and its own queries wait while one is open.
 */
class PostgresTransaction extends PostgresQueryable {
  readonly inTransaction = true;
  ended = false;
  private child: PostgresTransaction | undefined;
  private childEnded: Promise<void> | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    readonly store: PostgresStore,
    private readonly depth: number,
    readonly parent: PostgresTransaction | undefined,
  ) {
    super();
  }

  /** The outermost transaction's plain BEGIN, to send with its first statement (undefined: sent already, or none). */
  private begin: string | undefined;

  /** Holds `begin` back until the first statement, which it then goes out with (send). */
  beginWithFirstStatement(begin: string): void {
    this.begin = begin;
  }

  /**
   * Sends a statement of this transaction. The first one of a plain transaction goes out with
   * the BEGIN in front of it, in one write (the pool's connections pipeline: pg.Pool's
   * `pipeline`), so PostgreSQL runs both without a round trip between them: one round trip
   * instead of two. The server runs them in order; should the BEGIN fail, its error is the one
   * thrown (the statement behind it then fails too, or its transaction is rolled back).
   */
  send(config: pg.QueryConfig | string): Promise<pg.QueryResult> {
    const root = this.root();
    const begin = root.begin;
    if (begin === undefined) return this.client.query(config as pg.QueryConfig);
    root.begin = undefined;
    const stream = (this.client as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } }).connection
      .stream;
    stream.cork();
    let began: Promise<pg.QueryResult>;
    let first: Promise<pg.QueryResult>;
    try {
      began = this.client.query(begin);
      first = this.client.query(config as pg.QueryConfig);
    } finally {
      stream.uncork();
    }
    return Promise.allSettled([began, first]).then(([b, f]) => {
      if (b.status === 'rejected') throw b.reason;
      if (f.status === 'rejected') throw f.reason;
      return f.value;
    });
  }

  /** True until the first statement has gone out with the BEGIN: then there is nothing to commit or roll back. */
  get unsent(): boolean {
    return this.root().begin !== undefined;
  }

  private root(): PostgresTransaction {
    let root: PostgresTransaction = this;
    while (root.parent) root = root.parent;
    return root;
  }

  /** What runs after COMMIT, kept on the outermost transaction (depth 1). */
  readonly committed: Array<() => void> = [];

  afterCommit(fn: () => void): void {
    this.root().committed.push(fn);
  }

  protected execute: Run = async (config) => {
    while (this.child) await this.childEnd();
    if (this.ended) throw new Error('This transaction has ended: its handle cannot be used');
    this.store.counted(1);
    return this.send(config);
  };

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    while (this.child) await this.childEnd();
    if (this.ended) throw new Error('This transaction has ended: its handle cannot be used');
    // From here to the first await nothing else runs: the handle is taken before anyone else looks.
    const inner = new PostgresTransaction(this.client, this.store, this.depth + 1, this);
    let release!: () => void;
    this.child = inner;
    this.childEnded = new Promise((resolve) => (release = resolve));
    const savepoint = `nested_${this.depth}`;
    try {
      this.store.counted(2); // the savepoint and its release (or rollback)
      await this.send(`SAVEPOINT ${savepoint}`);
      try {
        const result = await holder.run(inner, fn, inner);
        inner.ended = true;
        await this.client.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        inner.ended = true;
        await this.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
        throw error;
      }
    } finally {
      inner.ended = true;
      this.child = undefined;
      this.childEnded = undefined;
      release();
    }
  }

  /** What a caller waits for while a savepoint is open on this handle; refuses to wait for itself. */
  private childEnd(): Promise<void> {
    for (let level = holder.getStore(); level; level = level.parent) {
      if (level === this.child)
        throw new Error(
          'An outer transaction queried from inside its own savepoint would wait forever: query through the inner handle',
        );
    }
    return this.childEnded!;
  }
}

const MONITOR_TIMEOUT_MS = 1000;

/** A pooled connection for a request's transaction: refused once the request is cut, also while waiting for one. */
async function connectFor(pool: pg.Pool, signal: AbortSignal | undefined): Promise<pg.PoolClient> {
  refuseIfCut(signal);
  if (!signal) return pool.connect();
  const connecting = pool.connect();
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new RequestCut());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([connecting, aborted]);
  } catch (error) {
    // The connection that comes later goes back unused.
    connecting.then(
      (client) => client.release(),
      () => {},
    );
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * PostgreSQL's cancel request for the statement the client is running (pg sends it on a new
 * socket with the backend's key: no pooled connection needed). The statement fails with 57014
 * and the transaction rolls back; nothing happens when the client is between statements.
 */
function cancelActiveQuery(pool: pg.Pool, client: pg.PoolClient): void {
  const active = (client as unknown as { activeQuery?: unknown }).activeQuery;
  if (!active) return;
  const canceller = new pg.Client(pool.options as pg.ClientConfig) as unknown as {
    cancel(client: pg.PoolClient, query: unknown): void;
    connection: { on(event: 'error', fn: () => void): void; end(): void };
  };
  canceller.connection.on('error', () => {});
  canceller.cancel(client, active);
}

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (DATABASE_URL). */
  url: string;
  /** Connections at most (pg.Pool's max); each transaction holds one. Default 10. */
  poolSize?: number;
  /** Bring the schema to the latest version first (default true). */
  migrate?: boolean;
  /**
   * PostgreSQL's statement_timeout and idle_in_transaction_session_timeout of the pool's
   * connections (default 8 s, the service's request work bound, tuning.ts requestWorkMs; 0: none,
   * for an operator's long job such as `import`): a statement or a transaction left open past it
   * is rolled back by the server itself, even if this process hangs.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 8000;

const int4 = (n: number) => Number.isSafeInteger(n) && n >= -2147483648 && n <= 2147483647;

/** BEGIN and the transaction's advisory locks, as one simple-protocol text (integers only: checked here). */
function beginText({ locks = [] }: TransactionOptions): string {
  for (const [namespace, key] of locks)
    if (!int4(namespace) || !int4(key)) throw new TypeError(`a lock is two 32-bit integers: ${namespace}, ${key}`);
  const taken = locks.map(([namespace, key]) => `pg_advisory_xact_lock(${namespace}, ${key})`);
  return taken.length === 0 ? 'BEGIN' : `BEGIN; SELECT ${taken.join(', ')}`;
}

export class PostgresStore extends PostgresQueryable implements Store {
  readonly inTransaction = false;
  /**
   * Every round trip sent to the server so far (queries, BEGIN with its locks, COMMIT,
   * savepoints), and those of them sent for a request (not background work: polls, wakes): what
   * the benchmarks and the statement-budget test divide by the requests they made.
   */
  statementsSent = 0;
  requestStatementsSent = 0;

  counted(statements: number): void {
    this.statementsSent += statements;
    if (requestSignal()) this.requestStatementsSent += statements;
  }

  constructor(readonly pool: pg.Pool) {
    super();
  }

  get store(): PostgresStore {
    return this;
  }

  protected execute: Run = async (config) => {
    this.refuseFromOwnTransaction();
    this.counted(1);
    const signal = requestSignal();
    if (!signal) return this.pool.query(config);
    // A request's statement: its wait for a connection, and the statement itself, end with the request.
    const client = await connectFor(this.pool, signal);
    const cancel = () => cancelActiveQuery(this.pool, client);
    signal.addEventListener('abort', cancel);
    let failed: Error | undefined;
    try {
      return await client.query(config);
    } catch (error) {
      throw (failed = error as Error);
    } finally {
      signal.removeEventListener('abort', cancel);
      // As pool.query does: a connection whose statement failed is not reused.
      client.release(failed);
    }
  };

  /**
   * A connection of its own, outside the pool, for /readyz and the metrics' reads: they answer
   * while every pooled connection waits (a lock, a slow query), within a second or with an error.
   */
  get monitor(): Queryable {
    this.monitorStore ??= new PostgresStore(
      new pg.Pool({
        ...(this.pool.options as pg.PoolConfig),
        max: 1,
        connectionTimeoutMillis: MONITOR_TIMEOUT_MS,
        statement_timeout: MONITOR_TIMEOUT_MS,
      }),
    );
    this.monitorStore.pool.on('error', () => {});
    return this.monitorStore;
  }
  private monitorStore: PostgresStore | undefined;

  /**
   * The store queried from inside one of its open transactions would run outside that transaction
   * (another connection), and wait forever for a lock the transaction holds. SQLite's store refuses
   * it (there it would wait for itself): so does this one, so such code fails on both stores.
   */
  private refuseFromOwnTransaction(): void {
    for (let level = holder.getStore(); level; level = level.parent) {
      if (level.store === this && !level.ended) {
        throw new Error(
          'A query on the store from inside its own open transaction: query through the transaction handle',
        );
      }
    }
  }

  /**
   * Runs fn in a transaction. One that PostgreSQL ended as a deadlock's victim (40P01) or as a
   * serialization failure (40001) is run again from the start, up to RETRIES times: it was rolled
   * back whole, so nothing of it is stored or answered, and its afterCommit work was dropped with
   * it. Two writers that lock the same rows in different orders (a merge and an edit of the rows
   * it rewrites) then both succeed instead of one getting a 500.
   */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(fn, options);
      } catch (error) {
        if (attempt > RETRIES || !isRetryable(error)) throw error;
        // A short, growing pause lets the winner commit before this one locks again.
        await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
      }
    }
  }

  private async once<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions): Promise<T> {
    const begin = beginText(options);
    this.refuseFromOwnTransaction();
    const signal = requestSignal();
    const client = await connectFor(this.pool, signal);
    // A plain BEGIN goes out with the transaction's first statement (PostgresTransaction.send):
    // it takes no snapshot and no lock, so nothing can tell it later. BEGIN with locks is sent
    // and waited for first, so that fn starts only once the locks are held, as it always did.
    const lazy = begin === 'BEGIN';
    const tx = new PostgresTransaction(client, this, 1, undefined);
    if (lazy) tx.beginWithFirstStatement(begin);
    let broken: Error | undefined;
    // A request cut while its statement waits (a lock, a full table scan): cancel the statement.
    const cancel = () => cancelActiveQuery(this.pool, client);
    signal?.addEventListener('abort', cancel);
    try {
      if (!lazy) {
        // One round trip: BEGIN and the transaction's locks.
        this.counted(1);
        await client.query(begin);
      }
      const result = await holder.run(tx, fn, tx);
      tx.ended = true;
      // The last moment to give up: once COMMIT is sent the work stays, whatever the request's answer.
      refuseIfCut(signal);
      // A plain transaction that sent no statement has nothing to commit.
      if (!tx.unsent) {
        this.counted(1);
        await client.query('COMMIT');
      }
      // Wakes of background work: theirs, not the request's (cancellation.ts).
      for (const fn of tx.committed.splice(0)) outsideRequest(fn);
      return result;
    } catch (error) {
      tx.ended = true;
      // A connection that cannot even roll back is not given back to the pool (nothing sent: nothing to roll back).
      if (!tx.unsent) {
        this.counted(1);
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', cancel);
      client.release(broken);
    }
  }

  afterCommit(fn: () => void): void {
    fn();
  }

  /** NOTIFY of any instance on this database (postgresListener.ts); a connection of its own, outside the pool. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    return listenOn(this.pool.options as pg.ClientConfig, channel, onNotify);
  }

  async close(): Promise<void> {
    await this.monitorStore?.close();
    await this.pool.end();
  }
}

/** Opens the pool and, unless told not to, migrates the database (once, whatever the number of instances). */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  if (options.migrate ?? true) {
    // On a connection without the timeouts: a migration may wait for another instance's, and take long.
    const migrating = new pg.Pool({ connectionString: options.url, max: 1 });
    migrating.on('error', () => {});
    try {
      await migratePostgres(migrating);
    } finally {
      await migrating.end();
    }
  }
  const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types: storeTypes(),
    // A statement queued on a connection is written at once, not after the previous one's answer:
    // what lets a transaction's BEGIN and first statement share one round trip. One caller at a
    // time holds a connection and waits for each answer, so nothing else changes.
    pipeline: true,
    ...(timeout > 0 ? { statement_timeout: timeout, idle_in_transaction_session_timeout: timeout } : {}),
  });
  // An idle connection the server closed (restart, failover) is dropped by the pool and replaced
  // at the next query; without a listener its 'error' would end the process.
  pool.on('error', () => {});
  return new PostgresStore(pool);
}

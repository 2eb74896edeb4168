// The SQLite store serialises transactions on its one connection: requests await between
// statements, and two of them must never interleave statements inside one transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connection, nodeSqlite, type SqliteDriver } from '../../../service/storage/driver';
import { migrate, migrations } from '../../../service/storage/migrations';
import { openSqliteStore, type SqliteStore } from '../../../service/storage/sqliteStore';
import type { Queryable } from '../../../service/storage/store';
import { tempDir } from '../../support/tempDir';

let store: SqliteStore;
beforeEach(async () => {
  store = openSqliteStore();
  await store.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
});
afterEach(() => store.close());

const texts = (q: Queryable) => q.column<string>('SELECT text FROM notes ORDER BY id');
/** A few turns of the event loop, where another request could run. */
const yieldTurns = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('SQLite store transactions', () => {
  it('runs two concurrent transactions one after the other: each sees only its own and committed writes', async () => {
    const seen: Record<string, string[]> = {};
    const a = store.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (text) VALUES (?)', 'a1');
      await yieldTurns();
      await tx.run('INSERT INTO notes (text) VALUES (?)', 'a2');
      seen.a = await texts(tx);
    });
    const b = store.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (text) VALUES (?)', 'b1');
      await yieldTurns();
      seen.b = await texts(tx);
    });
    // A read outside any transaction waits too: it never sees a half-done transaction.
    const outside = texts(store);
    await Promise.all([a, b]);
    expect(seen.a).toEqual(['a1', 'a2']);
    expect(seen.b).toEqual(['a1', 'a2', 'b1']);
    expect(await outside).toEqual(['a1', 'a2', 'b1']);
  });

  it('rolls back only the transaction that failed', async () => {
    const results = await Promise.allSettled([
      store.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'kept1');
        await yieldTurns();
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'kept2');
      }),
      store.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'undone');
        await yieldTurns();
        throw new Error('refused');
      }),
      store.transaction(async (tx) => {
        await yieldTurns();
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'kept3');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await texts(store)).toEqual(['kept1', 'kept2', 'kept3']);
  });

  it('runs a nested transaction as a savepoint on the same path: an inner failure undoes only the inner writes', async () => {
    await store.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (text) VALUES (?)', 'outer');
      await expect(
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO notes (text) VALUES (?)', 'inner');
          await yieldTurns();
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction(async (inner) => inner.run('INSERT INTO notes (text) VALUES (?)', 'inner kept'));
    });
    expect(await texts(store)).toEqual(['outer', 'inner kept']);
  });

  it('refuses, instead of waiting forever, a query on the store from inside its own transaction', async () => {
    await expect(store.transaction(async () => texts(store))).rejects.toThrow(/transaction handle/);
    // and the store is usable afterwards
    expect(await texts(store)).toEqual([]);
  });

  it('refuses a transaction handle used after its transaction ended', async () => {
    let kept: Queryable | undefined;
    await store.transaction(async (tx) => {
      kept = tx;
    });
    await expect(texts(kept!)).rejects.toThrow(/ended/);
  });

  it('answers new ids through INSERT … RETURNING', async () => {
    const row = await store.get<{ id: number }>('INSERT INTO notes (text) VALUES (?) RETURNING id', 'x');
    expect(row).toEqual({ id: 1 });
    expect(await store.run('UPDATE notes SET text = ? WHERE id = ?', 'y', 1)).toEqual({ changes: 1 });
  });
});

describe('SQLite store handles', () => {
  it('name their store, outside and inside transactions', async () => {
    expect(store.store).toBe(store);
    await store.transaction(async (tx) => {
      expect(tx.store).toBe(store);
      expect(tx.inTransaction).toBe(true);
      await tx.transaction(async (inner) => expect(inner.store).toBe(store));
    });
    expect(store.inTransaction).toBe(false);
  });
});

describe('SQLite memory stores', () => {
  /** Every table, index and trigger with its text, and the schema version: what migrating gave. */
  const schemaOf = async (q: Queryable) => ({
    version: (await q.get<{ user_version: number }>('PRAGMA user_version'))?.user_version,
    objects: await q.all('SELECT type, name, sql FROM sqlite_master ORDER BY type, name'),
    sequences: await q.all('SELECT name, seq FROM sqlite_sequence ORDER BY name'),
  });

  it('each start at the latest schema with no rows, whatever another one holds (a later one starts from a copy of the migrated image)', async () => {
    const fromNothing = new DatabaseSync(':memory:');
    migrate(fromNothing as unknown as Connection);
    const migrated = {
      version: migrations.length,
      objects: fromNothing.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all(),
      sequences: fromNothing.prepare('SELECT name, seq FROM sqlite_sequence ORDER BY name').all(),
    };
    fromNothing.close();
    // `store` (beforeEach) has its notes table and rows: none of it reaches the next store.
    await store.run("INSERT INTO notes (text) VALUES ('only in the first')");
    const later = openSqliteStore();
    try {
      expect(await schemaOf(later)).toEqual(migrated);
      expect(await schemaOf(store)).not.toEqual(migrated);
      // A write to the second reaches no later one either.
      await later.run("UPDATE sqlite_sequence SET seq = 41 WHERE name = 'entries'");
      const third = openSqliteStore();
      expect(await schemaOf(third)).toEqual(migrated);
      await third.close();
    } finally {
      await later.close();
    }
  });
});

/** node:sqlite with a count of the COMMITs run on each connection it opened. */
function countingDriver(): SqliteDriver & { commits: () => number } {
  let commits = 0;
  return {
    name: 'node:sqlite, COMMITs counted',
    commits: () => commits,
    open(path) {
      const connection = nodeSqlite.open(path);
      const prepare = connection.prepare.bind(connection);
      connection.prepare = (text) => {
        const statement = prepare(text);
        if (text !== 'COMMIT') return statement;
        const run = statement.run.bind(statement);
        statement.run = (...params) => {
          commits++;
          return run(...params);
        };
        return statement;
      };
      return connection;
    },
  };
}

describe('SQLite store group commit (a file, synchronous=FULL)', () => {
  let dir: { path: string; remove(): void };
  let driver: ReturnType<typeof countingDriver>;
  let file: SqliteStore;
  /** Another connection to the file: what is on it, whatever the store holds. */
  const committed = () => {
    const other = new DatabaseSync(join(dir.path, 'service.db'), { readOnly: true });
    try {
      return (other.prepare('SELECT text FROM notes ORDER BY id').all() as Array<{ text: string }>).map((r) => r.text);
    } finally {
      other.close();
    }
  };
  beforeEach(async () => {
    dir = tempDir('stint-group-commit-');
    driver = countingDriver();
    file = openSqliteStore(dir.path, driver);
    await file.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  });
  afterEach(async () => {
    await file.close();
    dir.remove();
  });

  it('commits concurrent transactions together, and answers each only once the shared COMMIT is on the file', async () => {
    const before = driver.commits();
    const onFileWhenAnswered: boolean[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        file
          .transaction((tx) => tx.run('INSERT INTO notes (text) VALUES (?)', `n${i}`))
          .then(() => (onFileWhenAnswered[i] = committed().includes(`n${i}`))),
      ),
    );
    // 20 transactions, far fewer fsyncs: those queued behind the first batch share the second.
    expect(driver.commits() - before).toBeLessThanOrEqual(2);
    expect(onFileWhenAnswered).toEqual(Array(20).fill(true));
    expect(committed()).toHaveLength(20);
  });

  it('holds the write lock from its start, so another connection committing meanwhile cannot make its write fail', async () => {
    // The service command (set-password, register-app) writes to the file of a running service. A
    // transaction that began deferred and read would meet that commit at its first write with
    // "database is locked" (a stale snapshot, which no busy timeout waits out); one that holds
    // the write lock makes the other connection wait instead (here it is told not to wait).
    await file.run('INSERT INTO notes (text) VALUES (?)', 'before');
    const other = new DatabaseSync(join(dir.path, 'service.db'));
    other.exec('PRAGMA busy_timeout = 0');
    let otherWrite: unknown = 'not tried';
    try {
      await file.transaction(async (tx) => {
        await texts(tx);
        try {
          other.prepare('INSERT INTO notes (text) VALUES (?)').run('elsewhere');
          otherWrite = 'committed';
        } catch (error) {
          otherWrite = (error as Error).message;
        }
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'mine');
      });
      other.prepare('INSERT INTO notes (text) VALUES (?)').run('after');
    } finally {
      other.close();
    }
    expect(otherWrite).toMatch(/locked|busy/i);
    expect(committed()).toEqual(['before', 'mine', 'after']);
  });

  it('keeps the other transactions of a batch when one fails on a unique constraint or throws', async () => {
    const results = await Promise.allSettled([
      file.transaction((tx) => tx.run('INSERT INTO notes (text) VALUES (?)', 'a')),
      file.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'b');
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'a'); // taken by the first
      }),
      file.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (text) VALUES (?)', 'c');
        throw new Error('refused');
      }),
      file.transaction((tx) => tx.run('INSERT INTO notes (text) VALUES (?)', 'd')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committed()).toEqual(['a', 'd']);
    expect(await texts(file)).toEqual(['a', 'd']);
  });

  it('reads outside transactions from what is committed, without waiting for an open batch', async () => {
    await file.run('INSERT INTO notes (text) VALUES (?)', 'old');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = file.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (text) VALUES (?)', 'new');
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // The batch is open with 'new' in it: a read answers at once, without it.
    expect(await texts(file)).toEqual(['old']);
    release();
    await writing;
    expect(await texts(file)).toEqual(['old', 'new']);
  });

  it('runs each transaction in its caller’s async context, even inside another caller’s batch', async () => {
    const context = new AsyncLocalStorage<string>();
    const seen = await Promise.all(
      ['first', 'second', 'third'].map((name) =>
        context.run(name, () =>
          file.transaction(async (tx) => {
            await tx.run('INSERT INTO notes (text) VALUES (?)', name);
            return context.getStore();
          }),
        ),
      ),
    );
    expect(seen).toEqual(['first', 'second', 'third']);
  });

  it('refuses, instead of waiting forever, a write on the store from inside its own transaction', async () => {
    await expect(file.transaction(async () => file.run('INSERT INTO notes (text) VALUES (?)', 'x'))).rejects.toThrow(
      /transaction handle/,
    );
    await expect(file.transaction(async () => texts(file))).rejects.toThrow(/transaction handle/);
    expect(await texts(file)).toEqual([]);
  });
});

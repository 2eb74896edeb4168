// The SQLite store serialises transactions on its one connection: requests await between
// statements, and two of them must never interleave statements inside one transaction.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../../service/storage/sqliteStore';
import type { Queryable } from '../../../service/storage/store';

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

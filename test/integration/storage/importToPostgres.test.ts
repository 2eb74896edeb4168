// `import` moves a SQLite service database into PostgreSQL: every row, ids kept, counts and
// checksums equal, sequences past the imported ids, and nothing at all when it cannot finish.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importToPostgres } from '../../../service/storage/importToPostgres';
import { openPostgresStore, type PostgresStore } from '../../../service/storage/postgresStore';
import { openSqliteStore, type SqliteStore } from '../../../service/storage/sqliteStore';
import { type TestDatabase, testDatabase } from '../../support/postgres';

const NOW = '2024-03-04T09:00:00Z';
const databases: TestDatabase[] = [];
let sqlite: SqliteStore;
let target: PostgresStore;

beforeEach(async () => {
  sqlite = openSqliteStore();
  const database = await testDatabase();
  databases.push(database);
  target = await openPostgresStore({ url: database.url, poolSize: 2 });
});
afterEach(async () => {
  await sqlite.close();
  await target.close();
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

/** A small account with what tends to go wrong in a copy: gaps in ids, letter case, quotes, emoji, big ms values. */
async function fillSqlite(store: SqliteStore): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.run(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'Team', ?)`, NOW);
    await tx.run(
      `INSERT INTO users (id, account_id, email, first_name, role, created_at, updated_at) VALUES
       (1, 1, 'owner@example.com', 'Ørjan', 'owner', ?, ?), (5, 1, 'Élise@Example.com', 'Élise', 'coworker', ?, ?)`,
      NOW,
      NOW,
      NOW,
      NOW,
    );
    await tx.run(
      `INSERT INTO personal_tokens (user_id, token_sha256, created_at, holder) VALUES (1, 'abc', ?, 'app')`,
      NOW,
    );
    for (const [id, name] of [
      [3, 'Garden'],
      [7, 'Bob\'s "house"'],
      [8, 'café ☕'],
    ] as const) {
      await tx.run(
        `INSERT INTO projects (id, account_id, name, created_at, updated_at) VALUES (?, 1, ?, ?, ?)`,
        id,
        name,
        NOW,
        NOW,
      );
    }
    await tx.run(
      `INSERT INTO tags (id, account_id, name, created_at, updated_at) VALUES (2, 1, 'Urgent', ?, ?)`,
      NOW,
      NOW,
    );
    for (let i = 1; i <= 30; i++) {
      await tx.run(
        `INSERT INTO entries (id, account_id, user_id, project_id, date, minutes, description, created_at, updated_at)
         VALUES (?, 1, ?, ?, '2024-03-04', ?, ?, ?, ?)`,
        i * 3,
        i % 2 ? 1 : 5,
        i % 3 ? 3 : 7,
        i * 15,
        `entry ${i} #urgent 'quoted' 🚀`,
        NOW,
        NOW,
      );
    }
    await tx.run('INSERT INTO entry_tags (entry_id, tag_id) VALUES (3, 2), (6, 2)');
    await tx.run(
      `INSERT INTO timers (user_id, project_id, state, elapsed_ms, running_since_ms, date, created_at, updated_at)
       VALUES (1, 3, 'running', 1234, 1709542800000, '2024-03-04', ?, ?)`,
      NOW,
      NOW,
    );
    await tx.run(
      `INSERT INTO sign_in_failures (key, failures, last_failure_ms, blocked_until_ms) VALUES ('email:a@b.c', 3, 1709542800000, 1709542900000)`,
    );
  });
}

describe('import: SQLite into PostgreSQL', () => {
  it('copies every row with its id, with equal counts and checksums, and moves the sequences past the ids', async () => {
    await fillSqlite(sqlite);
    const copies = await importToPostgres(sqlite, target);
    const rows = Object.fromEntries(copies.map((c) => [c.table, c.rows]));
    expect(rows).toMatchObject({
      accounts: 1,
      users: 2,
      projects: 3,
      tags: 1,
      entries: 30,
      entry_tags: 2,
      timers: 1,
      sign_in_failures: 1,
    });
    expect(await target.all('SELECT id, name FROM projects ORDER BY id')).toEqual([
      { id: 3, name: 'Garden' },
      { id: 7, name: `Bob's "house"` },
      { id: 8, name: 'café ☕' },
    ]);
    expect(await target.get('SELECT running_since_ms FROM timers')).toEqual({ running_since_ms: 1709542800000 });
    // New rows get ids past the imported ones (entries went up to 90).
    const entry = await target.get<{ id: number }>(
      `INSERT INTO entries (account_id, user_id, date, minutes, created_at, updated_at) VALUES (1, 1, '2024-03-05', 5, ?, ?) RETURNING id`,
      NOW,
      NOW,
    );
    expect(entry!.id).toBe(91);
    const account = await target.get<{ id: number }>(
      `INSERT INTO accounts (name, created_at) VALUES ('Next', ?) RETURNING id`,
      NOW,
    );
    expect(account!.id).toBe(2);
  });

  it('never gives an id SQLite gave and deleted: the sequences move past the largest id ever given', async () => {
    await fillSqlite(sqlite);
    // The newest entry (90) deleted on SQLite: its id stays given (sqlite_sequence), not only the 87 left.
    await sqlite.run('DELETE FROM entries WHERE id = 90');
    await importToPostgres(sqlite, target);
    const entry = await target.get<{ id: number }>(
      `INSERT INTO entries (account_id, user_id, date, minutes, created_at, updated_at) VALUES (1, 1, '2024-03-05', 5, ?, ?) RETURNING id`,
      NOW,
      NOW,
    );
    expect(entry!.id).toBe(91);
  });

  it('refuses a target that already has rows', async () => {
    await fillSqlite(sqlite);
    await importToPostgres(sqlite, target);
    await expect(importToPostgres(sqlite, target)).rejects.toThrow(/already has accounts/);
    expect(await target.get('SELECT COUNT(*) AS n FROM entries')).toEqual({ n: 30 });
  });

  it('copies nothing when a row cannot be copied (PostgreSQL text has no NUL character)', async () => {
    await fillSqlite(sqlite);
    await sqlite.run(`UPDATE entries SET description = ? WHERE id = 90`, 'before\u0000after');
    await expect(importToPostgres(sqlite, target)).rejects.toThrow(/0x00/);
    expect(await target.get('SELECT (SELECT COUNT(*) FROM accounts) + (SELECT COUNT(*) FROM entries) AS n')).toEqual({
      n: 0,
    });
  });

  it('imports an empty database', async () => {
    const copies = await importToPostgres(sqlite, target);
    expect(copies.every((c) => c.rows === 0)).toBe(true);
    expect(copies.length).toBeGreaterThan(20);
  });
});

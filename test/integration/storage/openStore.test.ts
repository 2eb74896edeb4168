// DATABASE_URL chooses the store: PostgreSQL when one is given, SQLite otherwise.
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, redactDatabaseUrl } from '../../../service/storage/openStore';
import { beforeAllWithPostgres, type TestDatabase, testDatabase } from '../../support/postgres';

let database: TestDatabase;
beforeAllWithPostgres(async () => {
  database = await testDatabase({ empty: true });
});
afterAll(async () => {
  await database?.drop();
});

describe('choosing the store', () => {
  it('runs on SQLite when no database URL is given', async () => {
    for (const databaseUrl of [undefined, '', '  ']) {
      const store = await openStore({ databaseUrl });
      expect(store.dialect).toBe('sqlite');
      await store.close();
    }
  });

  it('runs on PostgreSQL, migrated, for a postgres:// URL', async () => {
    const store = await openStore({ databaseUrl: database.url, poolSize: 2 });
    try {
      expect(store.dialect).toBe('postgres');
      expect(await store.get('SELECT COUNT(*) AS n FROM projects')).toEqual({ n: 0 });
    } finally {
      await store.close();
    }
  });

  it('refuses another scheme or a pool of no connections, without printing a password', async () => {
    await expect(openStore({ databaseUrl: 'mysql://root:hunter2@db/stint' })).rejects.toThrow(
      'DATABASE_URL must start with postgres:// or postgresql:// (got mysql://root:***@db/stint)',
    );
    await expect(openStore({ databaseUrl: database.url, poolSize: 0 })).rejects.toThrow(/at least 1/);
    expect(redactDatabaseUrl('postgresql://stint:s3cret@db.example:5432/stint')).toBe(
      'postgresql://stint:***@db.example:5432/stint',
    );
    expect(redactDatabaseUrl('postgres://db/stint')).toBe('postgres://db/stint');
  });
});

// A duplicate is recognised the same way on SQLite as on PostgreSQL (whose case runs in
// test/integration/storage/postgresStore.test.ts on a real server).
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../service/storage/constraintErrors';
import { isForeignKeyViolation } from '../../../service/storage/dialect';
import { openSqliteStore } from '../../../service/storage/sqliteStore';

describe('constraint errors on SQLite', () => {
  it('recognises a unique index, a unique column and a primary key taken, and nothing else', async () => {
    const store = openSqliteStore();
    try {
      await store.run(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'A', 'now')`);
      const project = `INSERT INTO projects (account_id, name, created_at, updated_at) VALUES (1, ?, 'now', 'now')`;
      await store.run(project, 'Garden');
      const failures = await Promise.all([
        store.run(project, 'GARDEN').catch((e) => e),
        store.run(`INSERT INTO accounts (id, name, created_at) VALUES (1, 'B', 'now')`).catch((e) => e),
        store.run(`INSERT INTO sign_in_failures VALUES ('k', 1, 1, 1), ('k', 1, 1, 1)`).catch((e) => e),
      ]);
      expect(failures.map(isUniqueViolation)).toEqual([true, true, true]);
      const missing = await store.run(project.replace('(1,', '(99,'), 'Other').catch((e) => e);
      expect(isForeignKeyViolation(missing)).toBe(true);
      expect(isUniqueViolation(missing)).toBe(false);
      expect(isUniqueViolation(new Error('UNIQUE constraint failed'))).toBe(false);
    } finally {
      await store.close();
    }
  });
});

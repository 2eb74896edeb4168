// Migration history is byte-stable: every migration that has shipped runs, on each store, exactly
// the SQL text it shipped with (shippedMigrations.json, captured from the hand-written lists
// before they were rendered from one description). A user's SQLite file and a team's PostgreSQL
// cluster were migrated with that text, SQLite keeps each CREATE's own text in sqlite_master
// (migration 13 rebuilds tables from it), and a differential schema check compares an old
// database with a new one: a renderer change that moved one space would show there.
//
// A new migration is appended here once written (never an edit of an entry already in the file):
// STINT_APPEND_SHIPPED_MIGRATIONS=1 npx vitest run test/unit/service/storage/shippedMigrations.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresMigrationTexts, sqliteMigrationTexts } from '../../../support/migrationText';

const FILE = join(__dirname, 'shippedMigrations.json');
const shipped = JSON.parse(readFileSync(FILE, 'utf8')) as { sqlite: string[][]; postgres: string[] };
const sqlite = sqliteMigrationTexts();
const postgres = postgresMigrationTexts();

if (process.env.STINT_APPEND_SHIPPED_MIGRATIONS === '1' && sqlite.length > shipped.sqlite.length) {
  // Only the new tail: what has shipped stays as it was.
  const appended = {
    sqlite: [...shipped.sqlite, ...sqlite.slice(shipped.sqlite.length)],
    postgres: [...shipped.postgres, ...postgres.slice(shipped.postgres.length)],
  };
  writeFileSync(FILE, `${JSON.stringify(appended, null, 2)}\n`);
  Object.assign(shipped, appended);
}

describe('shipped migrations', () => {
  it.each(shipped.sqlite.map((texts, i) => [i + 1, texts] as const))(
    'SQLite migration %i runs the text it shipped with',
    (version, texts) => {
      expect(sqlite[version - 1]).toEqual(texts);
    },
  );

  it.each(shipped.postgres.map((text, i) => [i + 1, text] as const))(
    'PostgreSQL migration %i runs the text it shipped with',
    (version, text) => {
      expect(postgres[version - 1]).toBe(text);
    },
  );

  it('holds every migration there is, so the next one is pinned once written', () => {
    // A failure here is a new migration: append it (see the top of this file).
    expect(shipped.sqlite).toHaveLength(sqlite.length);
    expect(shipped.postgres).toHaveLength(postgres.length);
  });
});

// The exact SQL text the migrations run, per dialect, to compare with what shipped
// (test/unit/service/storage/shippedMigrations.test.ts): existing databases, a user's SQLite file
// or a team's PostgreSQL cluster, were migrated with that text, and SQLite keeps each CREATE's
// own text (comments and spaces included) in sqlite_master.
import { type Connection, nodeSqlite } from '../../service/storage/driver';
import { type Migration, migrate, migrations } from '../../service/storage/migrations';
import { postgresMigrations } from '../../service/storage/postgresMigrations';
import {
  addColumn,
  id,
  index,
  nocase,
  optional,
  required,
  type SchemaChange,
  schemaChange,
  table,
  uniqueIndex,
} from '../../service/storage/schemaDescription';

/** A connection that notes every exec() text before running it. */
function recording(db: Connection, texts: string[]): Connection {
  return {
    prepare: (text) => db.prepare(text),
    exec(text) {
      texts.push(text);
      db.exec(text);
    },
    close: () => db.close(),
    get isOpen() {
      return db.isOpen;
    },
    get isTransaction() {
      return db.isTransaction;
    },
  };
}

/**
 * The exec() texts of each SQLite migration, in order, as each runs on a real database brought up
 * from empty (migration 13 reads the tables it rebuilds from sqlite_master, so its texts carry the
 * CREATE TABLE text every earlier migration left there).
 */
export function sqliteMigrationTexts(list: readonly Migration[] = migrations): string[][] {
  const texts = list.map((): string[] => []);
  const recorded = list.map((migration, i) =>
    Object.assign((db: Connection) => migration(recording(db, texts[i]!)), {
      withoutForeignKeys: migration.withoutForeignKeys,
    }),
  );
  const db = nodeSqlite.open(':memory:');
  try {
    migrate(db, recorded);
  } finally {
    db.close();
  }
  return texts;
}

/** The text of each PostgreSQL migration, in order. */
export function postgresMigrationTexts(): string[] {
  return [...postgresMigrations];
}

/** service/storage/README.md's example of a new migration, as migration 15. */
export const exampleMigration: SchemaChange = schemaChange(
  [
    table(
      'saved_filters',
      [
        id,
        required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
        required('name', 'text'),
        required('query', 'text', { note: ['The filter as the report page sends it, JSON.'] }),
        required('pinned', 'boolean', { default: 0, check: 'pinned IN (0, 1)' }),
        required('created_at', 'timestamp'),
      ],
      { note: ['A user keeps the report filters they use often.'] },
    ),
    // A user's filter names differ ignoring ASCII case, on both stores (dialect.ts nocase).
    uniqueIndex('saved_filters_name', 'saved_filters', ['user_id', nocase('name')]),
    index('saved_filters_by_user', 'saved_filters', ['user_id', 'created_at DESC']),
  ],
  [addColumn('users', optional('default_filter_id', 'integer'), ['The filter the report page opens with.'])],
);

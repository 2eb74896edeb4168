// How a migration's SQL text is laid out. A new migration uses LAYOUT on both stores. The others
// are how the hand-written lists laid out the migrations that shipped before the schema was
// described once: SQLite keeps each CREATE's text as it was given (sqlite_master, which migration
// 13 rebuilt tables from), so a shipped migration must keep running its text to the byte
// (test/unit/service/storage/shippedMigrations.test.ts), spaces and comments included.
import type { Layout } from './schemaDescription';

/** A new migration's layout, on both stores. */
export const LAYOUT: Layout = { start: '\n', indent: 2, end: '\n', notes: true, gaps: true, indexSpace: true };

/** SQLite's migration 1, as migrations.ts wrote it. */
export const SQLITE_SKELETON: Layout = { ...LAYOUT, indent: 6, end: '\n  ', indexSpace: false };
/** SQLite's migrations 2, 4 and 5, each a function of its own file. */
export const SQLITE_SCHEMA_FILE: Layout = { ...LAYOUT, indent: 4, end: '\n  ', indexSpace: false };
/** SQLite's migrations written inside migrations.ts's list. */
export const SQLITE_IN_LIST: Layout = { ...LAYOUT, indent: 6, end: '\n    ', indexSpace: false };

/** postgresMigrations.ts's list: SQLite's text translated, without its comments. */
export const POSTGRES_IN_LIST: Layout = { ...LAYOUT, end: '\n  ', notes: false };
/** As POSTGRES_IN_LIST, with no blank lines. */
export const POSTGRES_IN_LIST_DENSE: Layout = { ...POSTGRES_IN_LIST, gaps: false };
/** A one-statement migration of postgresMigrations.ts's list, on one line. */
export const POSTGRES_ONE_LINE: Layout = { ...POSTGRES_IN_LIST, start: '', indent: 0, end: '' };

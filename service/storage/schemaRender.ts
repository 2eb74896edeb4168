// Writes a described schema change (schemaDescription.ts) as each store's DDL. What the stores
// write differently comes from dialect.ts; the layout (spaces, comments) from schemaLayouts.ts.
import { columnType, type Dialect, nocaseIndexColumn, nocaseUniqueColumn, rowKey, withoutRowid } from './dialect';
import type {
  Block,
  Column,
  ColumnType,
  Index,
  IndexColumn,
  Layout,
  SchemaChange,
  Statement,
  Table,
} from './schemaDescription';
import { LAYOUT } from './schemaLayouts';

/** The migration after which SQLite's new tables are made AUTOINCREMENT (neverReuseIds.ts). */
export const NEVER_REUSE_IDS_VERSION = 13;

/** The storage type of each kind of column (dialect.ts columnType). */
const STORAGE: Record<Exclude<ColumnType, 'id'>, 'integer' | 'text'> = {
  integer: 'integer',
  text: 'text',
  boolean: 'integer',
  timestamp: 'text',
  date: 'text',
  ms: 'integer',
  cents: 'integer',
};

interface Context {
  readonly dialect: Dialect;
  readonly layout: Layout;
  /** The migration's number: from it on, ids are never reused. */
  readonly version: number;
}

/** The texts SQLite's migration `version` runs, one per exec() call. */
export function renderSqlite(change: SchemaChange, version: number): string[] {
  const context: Context = { dialect: 'sqlite', layout: change.layout?.sqlite ?? LAYOUT, version };
  const starts = [0, ...(change.sqliteExecsFrom ?? []), change.blocks.length];
  return starts.slice(1).map((end, i) => text(change.blocks.slice(starts[i], end), context));
}

/** The text PostgreSQL's migration `version` runs. */
export function renderPostgres(change: SchemaChange, version: number): string {
  return text(change.blocks, { dialect: 'postgres', layout: change.layout?.postgres ?? LAYOUT, version });
}

function text(blocks: readonly Block[], context: Context): string {
  const { start, indent, end, gaps } = context.layout;
  const margin = ' '.repeat(indent);
  const written = blocks.map((block) =>
    block
      .flatMap((statement) => statementLines(statement, context))
      .map((line) => margin + line)
      .join('\n'),
  );
  return start + written.join(gaps ? '\n\n' : '\n') + end;
}

function statementLines(statement: Statement, context: Context): string[] {
  const lines = notes(statement.note, context);
  switch (statement.kind) {
    case 'table':
      return [...lines, ...tableLines(statement, context)];
    case 'index':
      return [...lines, indexLine(statement, context)];
    case 'addColumn':
      return [...lines, `ALTER TABLE ${statement.table} ADD COLUMN ${columnDefinition(statement.column, context)};`];
    case 'dropIndex':
      return [...lines, `DROP INDEX ${statement.name};`];
    case 'sql':
      return [...lines, ...statement.text.split('\n')];
  }
}

function notes(note: readonly string[] | undefined, { layout }: Context): string[] {
  return layout.notes && note ? note.map((line) => (line ? `-- ${line}` : '--')) : [];
}

/** CREATE TABLE, then the indexes that stand in for column declarations this store has not. */
function tableLines(table: Table, context: Context): string[] {
  const items = table.columns.map((column) => [...notes(column.note, context), columnDefinition(column, context)]);
  if (table.primaryKey) items.push([`PRIMARY KEY (${table.primaryKey.join(', ')})`]);
  for (const check of table.checks ?? []) items.push([`CHECK (${check})`]);
  const body = items.flatMap((lines, i) =>
    lines.map((line, j) => `  ${line}${i < items.length - 1 && j === lines.length - 1 ? ',' : ''}`),
  );
  const close = `)${table.withoutRowid ? withoutRowid(context.dialect) : ''};`;
  return [`CREATE TABLE ${table.name} (`, ...body, close, ...nocaseUniqueIndexes(table, context)];
}

/** Where a column unique ignoring case cannot say so itself (dialect.ts nocaseUniqueColumn). */
function nocaseUniqueIndexes(table: Table, context: Context): string[] {
  if (nocaseUniqueColumn(context.dialect) !== null) return [];
  return table.columns
    .filter((column) => column.unique === 'nocase')
    .flatMap((column) => [
      `-- SQLite: ${column.name} ... COLLATE NOCASE UNIQUE. Named as PostgreSQL names a column's UNIQUE.`,
      indexLine(
        {
          kind: 'index',
          name: `${table.name}_${column.name}_key`,
          table: table.name,
          columns: [{ nocase: column.name }],
          unique: true,
        },
        context,
      ),
    ]);
}

function columnDefinition(column: Column, { dialect, version }: Context): string {
  const words = [
    column.name,
    column.type === 'id'
      ? rowKey(dialect, version > NEVER_REUSE_IDS_VERSION)
      : columnType(dialect, STORAGE[column.type]),
  ];
  if (column.primaryKey) words.push('PRIMARY KEY');
  if (column.notNull) words.push('NOT NULL');
  if (column.default !== undefined) words.push(`DEFAULT ${literal(column.default)}`);
  if (column.unique === true) words.push('UNIQUE');
  const nocaseUnique = nocaseUniqueColumn(dialect);
  if (column.unique === 'nocase' && nocaseUnique) words.push(nocaseUnique);
  if (column.references) words.push(`REFERENCES ${column.references}(id)`);
  if (column.onDelete) words.push(`ON DELETE ${column.onDelete.toUpperCase()}`);
  if (column.check) words.push(`CHECK (${column.check})`);
  return words.join(' ');
}

function literal(value: number | string): string {
  if (typeof value === 'number') return String(value);
  if (value.includes("'")) throw new Error(`a default with a quote in it: ${value}`);
  return `'${value}'`;
}

function indexLine(index: Index, { dialect, layout }: Context): string {
  const columns = index.columns.map((column: IndexColumn) =>
    typeof column === 'string' ? column : nocaseIndexColumn(dialect, column.nocase),
  );
  const unique = index.unique ? 'UNIQUE ' : '';
  const where = index.where ? ` WHERE ${index.where}` : '';
  return `CREATE ${unique}INDEX ${index.name} ON ${index.table}${layout.indexSpace ? ' ' : ''}(${columns.join(', ')})${where};`;
}

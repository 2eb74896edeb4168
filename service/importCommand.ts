// `npm run service -- import --data <dir>` with DATABASE_URL=postgres://…: moves a service that
// ran alone on SQLite to a team's PostgreSQL. Copies every row of <dir>/service.db into the
// (empty) PostgreSQL database, in one transaction, through storage/importToPostgres.ts, which
// checks every table's row count and checksum on both sides and moves the id sequences past the
// imported ids. Stop the service on <dir> first: rows it writes during the copy would be left out.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importToPostgres } from './storage/importToPostgres';
import { redactDatabaseUrl } from './storage/openStore';
import { openPostgresStore } from './storage/postgresStore';
import { openSqliteStore } from './storage/sqliteStore';

export const IMPORT_USAGE =
  'DATABASE_URL=postgres://… npm run service -- import --data <dir>   (copies <dir>/service.db into that empty PostgreSQL database)';

class ImportUsageError extends Error {}

function importArgs(argv: string[]): { dataDir: string; databaseUrl: string } {
  let values: { data?: string };
  try {
    values = parseArgs({ args: argv, options: { data: { type: 'string' } }, strict: true }).values;
  } catch (error) {
    throw new ImportUsageError((error as Error).message);
  }
  if (!values.data?.trim()) throw new ImportUsageError('--data is required (the folder of the service.db to copy)');
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl || !/^postgres(ql)?:\/\//i.test(databaseUrl))
    throw new ImportUsageError('DATABASE_URL must name the PostgreSQL database to copy into (postgres://…)');
  // Opening a folder without one would make an empty database and copy nothing.
  if (!existsSync(join(values.data, 'service.db')))
    throw new ImportUsageError(`${join(values.data, 'service.db')} does not exist`);
  return { dataDir: values.data, databaseUrl };
}

async function importDatabase({ dataDir, databaseUrl }: { dataDir: string; databaseUrl: string }): Promise<number> {
  const source = openSqliteStore(dataDir);
  try {
    const target = await openPostgresStore({ url: databaseUrl, poolSize: 2 });
    try {
      const copies = await importToPostgres(source, target);
      for (const { table, rows, checksum } of copies)
        console.log(`${table}: ${rows} rows, sha256 ${checksum} (equal in both)`);
      const total = copies.reduce((sum, copy) => sum + copy.rows, 0);
      console.log(`Imported ${total} rows of ${copies.length} tables into ${redactDatabaseUrl(databaseUrl)}`);
      return 0;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** Runs `import` when argv names it and answers its exit code; null when argv names another command. */
export async function runImportCommand(argv: string[]): Promise<number | null> {
  if (argv[0] !== 'import') return null;
  try {
    return await importDatabase(importArgs(argv.slice(1)));
  } catch (error) {
    if (error instanceof ImportUsageError) {
      console.error(`${error.message}\nusage: ${IMPORT_USAGE}`);
      return 2;
    }
    const url = process.env.DATABASE_URL?.trim();
    const message = (error as Error).message;
    console.error(`import failed: ${url ? message.replaceAll(url, redactDatabaseUrl(url)) : message}`);
    return 1;
  }
}

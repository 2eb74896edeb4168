// A throwaway PostgreSQL cluster for tests: Debian's PostgreSQL 15 binaries, a data folder in a
// temporary folder, TCP on 127.0.0.1 at a free port and the unix socket in the same folder.
// Durability is off (fsync, synchronous_commit, full_page_writes): the cluster lives for one test
// run and speed is all that matters. initdb refuses root, so as root every binary runs as the
// `postgres` user (Debian's package makes it) on a folder that user owns.
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian's postgresql-15 puts its binaries; PG_BIN overrides it (another version or layout). */
export const postgresBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ClusterAddress {
  host: string;
  port: number;
  /** The folder holding the unix socket `.s.PGSQL.<port>`. */
  socketDir: string;
  user: string;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when we are root; a failure carries its output. */
async function pgBinary(name: string, args: string[]): Promise<string> {
  const binary = join(postgresBin, name);
  const [command, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await run(command, argv, { timeout: 120_000 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** Hands a folder we made to the `postgres` user, who runs the cluster when we are root. */
export async function giveToPostgres(dir: string): Promise<void> {
  if (!asRoot()) return;
  let ids: string;
  try {
    const uid = (await run('id', ['-u', 'postgres'])).stdout.trim();
    const gid = (await run('id', ['-g', 'postgres'])).stdout.trim();
    ids = `${uid}:${gid}`;
  } catch {
    throw new Error(
      'No `postgres` user: install postgresql-15 (Debian), which makes it; initdb refuses to run as root',
    );
  }
  const [uid, gid] = ids.split(':').map(Number);
  chownSync(dir, uid!, gid!);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates and starts a cluster in `dir` (a folder the caller made, empty). The port is free when
 * picked but another process may take it before the server binds: then the start is tried again
 * on another port.
 */
export async function startCluster(dir: string): Promise<ClusterAddress> {
  if (!existsSync(join(postgresBin, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${postgresBin}: install postgresql-15 (Debian) or set PG_BIN`);
  }
  await giveToPostgres(dir);
  const data = join(dir, 'data');
  await pgBinary('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    // A common real-world locale (lower() folds every letter): the schema and dialect.ts must not
    // rely on the C locale to compare and order text as SQLite does.
    '--locale=C.UTF-8',
    '--no-sync',
    '--no-instructions',
  ]);
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 300',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    try {
      await pgBinary('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log')]);
      return { host: '127.0.0.1', port, socketDir: dir, user: 'postgres' };
    } catch (error) {
      lastError = error;
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      if (!/could not bind|already in use/i.test(log)) break;
    }
  }
  const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '';
  throw new Error(`PostgreSQL did not start: ${(lastError as Error).message}\n${log}`);
}

/** Stops the cluster in `dir` at once (nothing in it is worth a clean shutdown). */
export async function stopCluster(dir: string): Promise<void> {
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'postmaster.pid'))) return;
  await pgBinary('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
}

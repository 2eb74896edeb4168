// One running Stint per data folder. Two apps on one folder would each open the same outbox
// journal, database and registry: the second's start-up compaction renames a new journal over the
// first's (which then acknowledges changes written only to a deleted file), and it moves the
// embedded service's broadcast receiver to its own port. So every opener takes the folder first,
// before anything in it is opened, renamed, registered or written, and holds it for the app's life.
//
// The lock is a kernel-held resource, so that a kill -9 releases it with the process:
// - macOS and Linux: a Unix domain socket listening at `<dataDir>/stint.lock`. bind() is exclusive
//   (EADDRINUSE while the file exists). The file outlives a killed app, but then nothing answers on
//   it (ECONNREFUSED): such a stale file is taken over. A taker that finds an answer refuses.
// - Windows: a named pipe whose name hashes the user and the folder; a second listen on it fails
//   while its owner lives, and the kernel removes it with the owner. Nothing is left to take over.
//
// Taking over a stale file must not race: two starts that both see it stale could otherwise both
// remove it and bind, the second removing the first's fresh socket. The takeover happens under a
// marker, a symbolic link `stint.lock.takeover` naming the taker's process id (symlink() is atomic
// and fails if the name exists: exactly one start makes it). The marker lives for the few
// milliseconds of one takeover; one left by a start killed in those milliseconds is stale once its
// process is gone (or, should the id have been reused, after TAKEOVER_STALE_MS) and is then moved
// aside (rename: only one start can move a given link) before a new one is made. Whoever cannot
// take the marker waits for it to go, then looks again. Within the marker the stale socket is
// moved aside the same way and removed only if it is the very file found not answering (same
// inode); bind never replaces a file.

import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../platform/privateFiles';
import { answers } from '../cliSocket/answers';
import { MAX_SOCKET_PATH_BYTES } from '../cliSocket/address';

export const LOCK_NAME = 'stint.lock';
const TAKEOVER_NAME = `${LOCK_NAME}.takeover`;
/** A takeover takes milliseconds; a marker this old was left by a start that was killed during one. */
export const TAKEOVER_STALE_MS = 10_000;
/** How long a start waits for another's takeover to finish before it gives up. */
const TAKEOVER_WAIT_MS = 30_000;

/** Another app holds this data folder: a second one must not open anything in it. */
export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(`Another Stint is already running with this data folder (${dataDir}).`);
  }
}

export interface DataFolderLock {
  /** The lock socket's path (or the pipe's name). */
  readonly path: string;
  /** Lets the folder go (at the app's stop); a killed app lets it go with its process. */
  release(): Promise<void>;
}

const posix = process.platform !== 'win32';

/** The lock's address: `<dataDir>/stint.lock`, or on Windows a pipe named by the user and the folder. */
export function lockPath(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'win32') return join(dataDir, LOCK_NAME);
  const key = `${userInfo().username}\0${resolve(dataDir).toLowerCase()}`;
  return `\\\\.\\pipe\\stint-lock-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/**
 * Takes the data folder for this process, or throws DataFolderInUseError when another app holds
 * it. Makes the folder (0700) if it is missing; creates nothing else in it but the lock.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  makePrivateDir(dataDir);
  const path = lockPath(dataDir);
  if (posix && Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES)
    throw new Error(`The data folder's path is too long for this system (${path}): use a shorter data folder.`);
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    const server = await listen(path);
    if (server) return held(path, server);
    if (!posix || (await answers(path))) throw new DataFolderInUseError(dataDir);
    // A file nothing answers on: left by an app that was killed. Take it over, one start at a time.
    if (await underTakeoverMarker(dataDir, () => removeIfStale(path))) continue;
    if (Date.now() > deadline) throw new Error(`Stint could not take its data folder (${dataDir}): try again.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Listens at `path`; null when something is already there (EADDRINUSE). */
function listen(path: string): Promise<Server | null> {
  // A connection is only a question "is someone here?": it is answered by being accepted.
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen(path, () => resolve(server));
  });
}

function held(path: string, server: Server): DataFolderLock {
  if (posix) chmodSync(path, PRIVATE_FILE_MODE);
  // The lock must not keep a stopping process alive; it still holds the folder until exit.
  server.unref();
  let released: Promise<void> | null = null;
  return {
    path,
    release: () => {
      // close() removes the socket file (libuv unlinks the path it bound).
      released ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}

/**
 * Runs `work` holding the takeover marker; false (work not run) when another start holds it. A
 * stale marker is moved aside for the next look (see the top of this file).
 */
async function underTakeoverMarker(dataDir: string, work: () => Promise<void>): Promise<boolean> {
  const marker = join(dataDir, TAKEOVER_NAME);
  try {
    symlinkSync(String(process.pid), marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    moveAsideIfStale(marker);
    return false;
  }
  try {
    await work();
  } finally {
    rmSync(marker, { force: true });
  }
  return true;
}

function moveAsideIfStale(marker: string): void {
  let owner: number;
  let age: number;
  try {
    owner = Number(readlinkSync(marker));
    age = Date.now() - lstatSync(marker).mtimeMs;
  } catch {
    return; // gone meanwhile
  }
  if (age < TAKEOVER_STALE_MS && isAlive(owner)) return;
  const aside = `${marker}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(marker, aside);
  } catch {
    return; // another start moved it first
  }
  // Between the look and the move another start may have replaced the stale marker with its own:
  // that one was moved here then, and its owner's takeover is left without one for a moment. It
  // only removes a stale socket after checking it again (removeIfStale), so the worst is a retry.
  rmSync(aside, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id now; it is alive, so wait for the age rule.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the socket file at `path` only if it is still one nothing answers on, and the same file. */
async function removeIfStale(path: string): Promise<void> {
  let before: ReturnType<typeof lstatSync>;
  try {
    before = lstatSync(path);
  } catch {
    return; // already gone: the next bind will tell
  }
  if (!before.isSocket())
    throw new Error(`${path} exists and is not a socket; Stint leaves it alone. Remove it to start Stint.`);
  if (await answers(path)) return; // someone took it meanwhile: the next bind refuses
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  const moved = lstatSync(aside);
  if (moved.ino === before.ino && moved.dev === before.dev) return void rmSync(aside, { force: true });
  // Not the file found stale (a start bound a new one in between, possible only if a stale marker
  // was taken from a live takeover): put it back where its owner expects it (link never replaces
  // a file, should yet another have bound there since).
  try {
    linkSync(aside, path);
  } catch {
    // taken again: its new owner holds the folder
  }
  rmSync(aside, { force: true });
}

// The running app's door for the `stint` command line: a Unix domain socket in the data folder
// (a named pipe on Windows) that only this OS user can open. No TCP port, no token: the file
// system's permissions are the authentication.
//
// macOS and Linux: the data folder is 0700 (openStintApp makes it so) and the socket is chmod
// 0600 before any connection is served, so another user can neither reach nor open it (root
// can, as root can read the database anyway).
// Windows: Node gives no control over a pipe's ACL; libuv creates it with the default security
// descriptor, which grants full access to the creating user, SYSTEM and Administrators and only
// read access to Everyone: another user may open it for reading but cannot write a call. What it
// does not stop: another user creating a pipe of that name before the app starts (the command
// line would then talk to theirs); the name hashes the user and the folder, so it must be guessed.

import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';
import type { Handlers } from '../../../common/contract';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../platform/privateFiles';
import { answers } from './answers';
import { cliSocketPath, MAX_SOCKET_PATH_BYTES } from './address';
import { type CsvStreamer, serveConnection } from './connection';
import { DEFAULT_SOCKET_LIMITS, type HeldBytes, type SocketLimits, TOO_MANY_CONNECTIONS } from './limits';

export interface CliSocketServer {
  /** The socket's path (or the pipe's name). */
  readonly path: string;
  /** Stops accepting, ends open connections and removes the socket file. */
  close(): Promise<void>;
  /** What the connections hold now: how many are open, and the bytes of their unfinished lines and waiting calls. */
  stats(): { connections: number; heldBytes: number };
}

/** Another app answers on this data folder's socket: a second one must not take it over. */
export class CliSocketInUseError extends Error {
  constructor(path: string) {
    super(`Another Stint is already running with this data folder (it answers at ${path}).`);
  }
}

const posix = process.platform !== 'win32';

export async function startCliSocket(options: {
  handlers: Handlers;
  /** Core's CSV streaming, for `stint export`; without it the command line cannot export. */
  exportCsv?: CsvStreamer;
  dataDir: string;
  /** Default: cliSocketPath(dataDir). */
  path?: string;
  /** Default: DEFAULT_SOCKET_LIMITS (tests make the timeouts short). */
  limits?: Partial<SocketLimits> | undefined;
}): Promise<CliSocketServer> {
  const path = options.path ?? cliSocketPath(options.dataDir);
  if (posix) {
    if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES)
      throw new Error(
        `The command line's socket path is too long for this system (${path}): use a shorter data folder.`,
      );
    makePrivateDir(dirname(path));
    await clearStaleSocket(path);
  }

  const connections = new Set<Socket>();
  const held: HeldBytes = { total: 0 };
  let ready = false;
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const server = createServer((socket) => {
    // Nothing is served before the socket's mode is set (see below).
    if (!ready) return void socket.destroy();
    if (connections.size >= limits.maxConnections) return turnAway(socket, TOO_MANY_CONNECTIONS(limits.maxConnections));
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serveConnection(socket, options.handlers, options.exportCsv, { held, limits });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new CliSocketInUseError(path) : error),
    );
    server.listen(path, () => resolve());
  });
  // Within the 0700 folder no one else could reach it anyway; the mode says so on the socket too.
  if (posix) chmodSync(path, PRIVATE_FILE_MODE);
  ready = true;

  let closed: Promise<void> | null = null;
  return {
    path,
    stats: () => ({ connections: connections.size, heldBytes: held.total }),
    close() {
      closed ??= new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      });
      return closed;
    },
  };
}

/** A connection past the cap is told why and closed, nothing of it read. */
function turnAway(socket: Socket, why: string): void {
  socket.on('error', () => socket.destroy());
  socket.end(`${JSON.stringify({ id: null, result: { ok: false, error: { code: 'unavailable', message: why } } })}\n`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * A socket file left by an app that crashed is removed, but only once nothing answers on it: an
 * app that does answer keeps it, and this one refuses to start a second server.
 */
async function clearStaleSocket(path: string): Promise<void> {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(path).isSocket();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!isSocket)
    throw new Error(`${path} exists and is not a socket; Stint leaves it alone. Remove it to use the command line.`);
  if (await answers(path)) throw new CliSocketInUseError(path);
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

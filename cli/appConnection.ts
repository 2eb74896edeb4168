// The command line's end of the socket (main/core/cliSocket/): one connection, calls written as
// JSON lines with an id each, answers matched by id. Several calls may be on the way at once; the
// app answers them in the order written.

import { createConnection, type Socket } from 'node:net';
import type { Result } from '../common/result';
import type { CliAnswerFrame, CliChannel } from '../main/core/cliSocket/address';

export interface AppConnection {
  call<T = unknown>(channel: CliChannel, request: unknown): Promise<Result<T>>;
  close(): void;
}

/** No app answered at any of the addresses tried. */
export class NoAppError extends Error {
  constructor(readonly tried: string[]) {
    super('Stint is not running');
  }
}

/** Connects to the first address where an app answers. */
export async function connectToApp(paths: string[]): Promise<AppConnection> {
  for (const path of paths) {
    const socket = await open(path);
    if (socket) return overSocket(socket);
  }
  throw new NoAppError(paths);
}

function open(path: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    // ENOENT (no app started here), ECONNREFUSED (a socket left by an app that crashed), EACCES.
    socket.once('error', () => resolve(null));
  });
}

function overSocket(socket: Socket): AppConnection {
  let nextId = 1;
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  let buffered = '';
  const failAll = (message: string) => {
    for (const resolve of waiting.values()) resolve({ ok: false, error: { code: 'internal', message } });
    waiting.clear();
  };

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const answer = JSON.parse(line) as CliAnswerFrame;
      if (answer.id === null) {
        failAll(answer.result.ok ? 'Unexpected answer' : answer.result.error.message);
        continue;
      }
      waiting.get(answer.id)?.(answer.result as Result<unknown>);
      waiting.delete(answer.id);
    }
  });
  socket.on('error', (error) => failAll(`The connection to Stint failed: ${error.message}`));
  socket.on('close', () => failAll('Stint closed the connection (did it quit?).'));

  return {
    call<T>(channel: CliChannel, request: unknown) {
      const id = nextId++;
      return new Promise<Result<T>>((resolve) => {
        waiting.set(id, resolve as (result: Result<unknown>) => void);
        socket.write(`${JSON.stringify({ id, channel, request })}\n`);
      });
    },
    close: () => socket.end(),
  };
}

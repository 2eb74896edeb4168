// The command line's end of the socket (main/core/cliSocket/): one connection, calls written as
// JSON lines with an id each, answers matched by id. Several calls may be on the way at once; the
// app answers them in the order written.
//
// The app may go away at any moment (quit, crashed, stopped while `stint log` waited for its
// input): once the socket closes or fails, every call waiting is answered at once, and every
// later call at once too, with an 'unavailable' error that says so; none is left hanging (a
// promise nothing will settle would let the process end with exit 0 having done nothing).
// A call written before the socket closed may have been done (the app can go away after writing
// its journal, before its answer): its error is marked so (`unanswered`), unlike a later call's,
// which never left this process.

import { createConnection, type Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { ActionError, Result } from '../common/result';
import type { CliAnswerFrame, CliChannel, CliStreamFrame } from '../main/core/cliSocket/address';
import { checkSocketTrust } from './socketTrust';

export interface ExportProgress {
  entries: number;
  pages: number;
}

export interface AppConnection {
  call<T = unknown>(channel: CliChannel, request: unknown): Promise<Result<T>>;
  /**
   * A call the app answers with a stream first (exportCsv): its chunks are written to `sink` as
   * they come, the socket paused while `sink` is full, so memory stays bounded however long it is.
   */
  stream<T = unknown>(
    channel: CliChannel,
    request: unknown,
    sink: Writable,
    progress: (p: ExportProgress) => void,
  ): Promise<Result<T>>;
  close(): void;
}

const sentUnanswered = new WeakSet<ActionError>();

/** Whether this error is of a call the app received and went away without answering: it may have been done. */
export const unanswered = (error: object): boolean => sentUnanswered.has(error as ActionError);

/** No app answered at any of the addresses tried. */
export class NoAppError extends Error {
  constructor(readonly tried: string[]) {
    super('Stint is not running');
  }
}

/**
 * Connects to the first address where an app answers. A socket that is not this user's app's
 * (socketTrust.ts) throws UntrustedSocketError before anything is sent to it.
 */
export async function connectToApp(paths: string[]): Promise<AppConnection> {
  for (const path of paths) {
    checkSocketTrust(path);
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
  const streams = new Map<number, { sink: Writable; progress: (p: ExportProgress) => void }>();
  let buffered = '';
  /** Why the app can no longer answer, once the socket closed or failed. */
  let gone: string | null = null;
  const failAll = (message: string, code: 'internal' | 'unavailable' = 'internal') => {
    for (const resolve of waiting.values()) {
      const error: ActionError = { code, message };
      if (code === 'unavailable') sentUnanswered.add(error);
      resolve({ ok: false, error });
    }
    waiting.clear();
    streams.clear();
  };
  const goAway = (why: string) => {
    gone ??= `The Stint app went away before it answered: ${why}.`;
    failAll(gone, 'unavailable');
  };

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const answer = JSON.parse(line) as CliAnswerFrame | CliStreamFrame;
      if ('chunk' in answer) {
        const sink = streams.get(answer.id)?.sink;
        if (sink && !sink.write(answer.chunk) && !socket.isPaused()) {
          socket.pause();
          sink.once('drain', () => socket.resume());
        }
        continue;
      }
      if ('progress' in answer) {
        streams.get(answer.id)?.progress(answer.progress);
        continue;
      }
      if (answer.id === null) {
        failAll(answer.result.ok ? 'Unexpected answer' : answer.result.error.message);
        continue;
      }
      waiting.get(answer.id)?.(answer.result as Result<unknown>);
      waiting.delete(answer.id);
      streams.delete(answer.id);
    }
  });
  socket.on('error', (error) => goAway(`the connection failed (${error.message})`));
  socket.on('close', () => goAway('it closed the connection (did it quit?)'));

  const call = <T>(channel: CliChannel, request: unknown, id = nextId++) =>
    new Promise<Result<T>>((resolve) => {
      if (gone !== null) return resolve({ ok: false, error: { code: 'unavailable', message: gone } });
      waiting.set(id, resolve as (result: Result<unknown>) => void);
      socket.write(`${JSON.stringify({ id, channel, request })}\n`);
    });

  return {
    call,
    stream<T>(channel: CliChannel, request: unknown, sink: Writable, progress: (p: ExportProgress) => void) {
      const id = nextId++;
      streams.set(id, { sink, progress });
      return call<T>(channel, request, id);
    },
    close: () => socket.end(),
  };
}

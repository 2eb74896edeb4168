// One command line's connection: newline-delimited JSON frames in, one answer line per frame out,
// in the order they came. Each call goes through common/dispatch (the window's validation and the
// same handlers), so whatever a command does is an operation in the outbox, sent exactly once.
//
// What arrives is untrusted: a line that is not a JSON object, has no numeric id, or names a call
// the command line may not make is answered with a refusal and changes nothing. A line over
// MAX_FRAME_BYTES is answered with an error once the frames before it are answered, and the
// connection is closed: nothing of it, or after it, is read. A client that writes calls without
// reading the answers is slowed, not served into the app's memory (serveConnection).

import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { Channel, Handlers } from '../../../common/contract';
import { dispatch } from '../../../common/dispatch';
import { fail, ok, type Result } from '../../../common/result';
import type { Core } from '../types';
import { CLI_CHANNELS, type CliAnswerFrame, type CliStreamFrame, MAX_FRAME_BYTES } from './address';

/** Streams a range's CSV (core's exportCsv); without it the command line cannot export. */
export type CsvStreamer = Core['exportCsv'];

/**
 * Back-pressure: frames read ahead of the one being answered, and their bytes, before the socket
 * stops reading (not a refusal: reading resumes as the queue empties).
 */
const READ_AHEAD = 256;
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * What one connection may hold at most. Reading stops well before (READ_AHEAD), so only a chunk
 * already read when it stopped can pass it; a connection that does is answered TOO_MANY and dropped.
 */
const MAX_QUEUED_FRAMES = 16 * READ_AHEAD;
const MAX_QUEUED_BYTES = 8 * READ_AHEAD_BYTES;

/** How long a connection ended for a huge line may take to close its end before it is cut. */
const CLOSE_GRACE_MS = 1000;

const allowed: readonly Channel[] = CLI_CHANNELS;

export const FRAME_TOO_LARGE = `Frame too large: a line over ${MAX_FRAME_BYTES / 1024} KiB is not a call. Nothing was done with it.`;
export const TOO_MANY_FRAMES = `Too many calls waiting on one connection (over ${MAX_QUEUED_FRAMES}, or ${MAX_QUEUED_BYTES / 1024 / 1024} MiB): read the answers before writing more. The calls not yet answered were not done.`;

type Queued = { line: string; bytes: number } | { refuse: string };

/**
 * Serves one connection. Answers go out one at a time: while the client has not read what was
 * written (socket.write said the buffer is full), the next call waits for 'drain' and the socket
 * stops reading, so a client that writes calls and never reads the answers holds at most the
 * queue (READ_AHEAD) and one answer in the app, not every answer it asked for.
 */
export function serveConnection(socket: Socket, handlers: Handlers, exportCsv?: CsvStreamer): void {
  const queue: Queued[] = [];
  let queuedBytes = 0;
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let reading = true;
  let working = false;

  const write = (answer: CliAnswerFrame | CliStreamFrame): boolean =>
    socket.writable && socket.write(`${JSON.stringify(answer)}\n`);

  /** Nothing more is read; `reason` is answered after the frames before it, and the connection ends. */
  const stopReading = (reason: string, dropQueued = false) => {
    reading = false;
    socket.pause();
    if (dropQueued) {
      queue.length = 0;
      queuedBytes = 0;
    }
    queue.push({ refuse: reason });
  };

  socket.on('data', (chunk: Buffer) => {
    if (!reading) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (partialBytes + piece.length > MAX_FRAME_BYTES) {
        stopReading(FRAME_TOO_LARGE);
        void pump();
        return;
      }
      const bytes = partialBytes + piece.length;
      queue.push({ line: Buffer.concat([...partial, piece]).toString('utf8'), bytes });
      queuedBytes += bytes;
      partial = [];
      partialBytes = 0;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (partialBytes + rest.length > MAX_FRAME_BYTES) stopReading(FRAME_TOO_LARGE);
    else if (rest.length > 0) {
      partial.push(rest);
      partialBytes += rest.length;
    }
    if (reading && (queue.length > MAX_QUEUED_FRAMES || queuedBytes > MAX_QUEUED_BYTES))
      stopReading(TOO_MANY_FRAMES, true);
    if (queue.length >= READ_AHEAD || queuedBytes >= READ_AHEAD_BYTES) socket.pause();
    void pump();
  });
  socket.on('error', () => socket.destroy());

  async function pump(): Promise<void> {
    if (working) return;
    working = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if ('refuse' in next) {
          write({ id: null, result: fail('invalid_argument', next.refuse) });
          socket.end();
          // A client that never closes its end (or never reads) is not kept waiting on.
          setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
          return;
        }
        queuedBytes -= next.bytes;
        const written = write(await answer(next.line, handlers, (id) => streamingExport(id, socket, write, exportCsv)));
        // The client has not read the last answers: no next one (and no more reading) until it has.
        if (!written) await drained(socket);
        if (reading && queue.length < READ_AHEAD / 4 && queuedBytes < READ_AHEAD_BYTES / 4) socket.resume();
      }
    } finally {
      working = false;
    }
  }
}

/** Until what was written has gone to the client ('drain'), or the connection is gone. */
function drained(socket: Socket): Promise<void> {
  if (socket.destroyed || !socket.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

/**
 * exportCsv for one call: the CSV goes out in chunk frames as it is read, each waiting for the
 * socket to drain (back-pressure reaches the reading of the service), then the answer says how
 * many entries (path empty: there is no file). A client that goes away stops the export.
 */
function streamingExport(
  id: number,
  socket: Socket,
  write: (frame: CliStreamFrame) => boolean,
  exportCsv: CsvStreamer | undefined,
): Handlers['exportCsv'] {
  return async (range) => {
    if (!exportCsv) return fail('internal', 'This app cannot export to the command line.');
    const out = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, callback) {
        if (write({ id, chunk }) || socket.destroyed) callback();
        else socket.once('drain', () => callback());
      },
    });
    const gone = () => out.destroy();
    socket.once('close', gone);
    try {
      const done = await exportCsv(range, out, (progress) => write({ id, progress }));
      return done.ok ? ok({ path: '', entries: done.value.entries }) : done;
    } finally {
      socket.off('close', gone);
    }
  };
}

/** The answer to one line: always a Result, with the frame's id when it had a usable one. */
export async function answer(
  line: string,
  handlers: Handlers,
  exportFor?: (id: number) => Handlers['exportCsv'],
): Promise<CliAnswerFrame> {
  let frame: { id?: unknown; channel?: unknown; request?: unknown };
  try {
    frame = JSON.parse(line);
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) throw new Error('not an object');
  } catch {
    return { id: null, result: fail('invalid_argument', 'Malformed frame: each line must be one JSON object.') };
  }
  const id = typeof frame.id === 'number' && Number.isSafeInteger(frame.id) ? frame.id : null;
  if (id === null) return { id: null, result: fail('invalid_argument', 'Missing frame id (a whole number).') };
  if (!allowed.includes(frame.channel as Channel)) {
    const name = typeof frame.channel === 'string' ? frame.channel.slice(0, 60) : 'that';
    return { id, result: fail('forbidden', `The command line cannot make the call ${name}.`) };
  }
  let result: Result<unknown>;
  try {
    // exportCsv answers the command line as a stream, validated as any call is.
    const exportCsv = exportFor ? exportFor(id) : async () => fail('internal', 'Exporting is not available here.');
    result = await dispatch({ ...handlers, exportCsv }, frame.channel, frame.request);
  } catch (error) {
    // dispatch answers a Result itself; this keeps a bug there from ending the connection's loop.
    result = fail('internal', error instanceof Error ? error.message : 'Unexpected error');
  }
  return { id, result };
}

// One command line's connection: newline-delimited JSON frames in, one answer line per frame out,
// in the order they came. Each call goes through common/dispatch (the window's validation and the
// same handlers), so whatever a command does is an operation in the outbox, sent exactly once.
//
// What arrives is untrusted: a line that is not a JSON object, has no numeric id, or names a call
// the command line may not make is answered with a refusal and changes nothing. A line over
// MAX_FRAME_BYTES is answered with an error once the frames before it are answered, and the
// connection is closed: nothing of it, or after it, is read.

import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { Channel, Handlers } from '../../../common/contract';
import { dispatch } from '../../../common/dispatch';
import { fail, ok, type Result } from '../../../common/result';
import type { Core } from '../types';
import { CLI_CHANNELS, type CliAnswerFrame, type CliStreamFrame, MAX_FRAME_BYTES } from './address';

/** Streams a range's CSV (core's exportCsv); without it the command line cannot export. */
export type CsvStreamer = Core['exportCsv'];

/** Frames read ahead of the one being answered before the socket stops reading (back-pressure, not a refusal). */
const READ_AHEAD = 256;

/** How long a connection ended for a huge line may take to close its end before it is cut. */
const CLOSE_GRACE_MS = 1000;

const allowed: readonly Channel[] = CLI_CHANNELS;

export const FRAME_TOO_LARGE = `Frame too large: a line over ${MAX_FRAME_BYTES / 1024} KiB is not a call. Nothing was done with it.`;

type Queued = { line: string } | { tooLarge: true };

export function serveConnection(socket: Socket, handlers: Handlers, exportCsv?: CsvStreamer): void {
  const queue: Queued[] = [];
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let reading = true;
  let working = false;

  const write = (answer: CliAnswerFrame | CliStreamFrame): boolean =>
    !socket.destroyed && socket.write(`${JSON.stringify(answer)}\n`);

  const stopReading = () => {
    reading = false;
    socket.pause();
    queue.push({ tooLarge: true });
  };

  socket.on('data', (chunk: Buffer) => {
    if (!reading) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (partialBytes + piece.length > MAX_FRAME_BYTES) {
        stopReading();
        void pump();
        return;
      }
      queue.push({ line: Buffer.concat([...partial, piece]).toString('utf8') });
      partial = [];
      partialBytes = 0;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (partialBytes + rest.length > MAX_FRAME_BYTES) stopReading();
    else if (rest.length > 0) {
      partial.push(rest);
      partialBytes += rest.length;
    }
    if (queue.length >= READ_AHEAD) socket.pause();
    void pump();
  });
  socket.on('error', () => socket.destroy());

  async function pump(): Promise<void> {
    if (working) return;
    working = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if ('tooLarge' in next) {
          write({ id: null, result: fail('invalid_argument', FRAME_TOO_LARGE) });
          socket.end();
          // A client that never closes its end is not kept waiting on.
          setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
          return;
        }
        write(await answer(next.line, handlers, (id) => streamingExport(id, socket, write, exportCsv)));
        if (reading && queue.length < READ_AHEAD / 4) socket.resume();
      }
    } finally {
      working = false;
    }
  }
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

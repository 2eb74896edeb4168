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
import {
  DEFAULT_SOCKET_LIMITS,
  FRAME_TIMED_OUT,
  type HeldBytes,
  IDLE_TIMED_OUT,
  type SocketLimits,
  TOO_MUCH_HELD,
} from './limits';

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

/** What the server shares with each connection: the bytes held by all of them, and the limits. */
export interface Shared {
  held: HeldBytes;
  limits: SocketLimits;
}

/**
 * Serves one connection. Answers go out one at a time: while the client has not read what was
 * written (socket.write said the buffer is full), the next call waits for 'drain' and the socket
 * stops reading, so a client that writes calls and never reads the answers holds at most the
 * queue (READ_AHEAD) and one answer in the app, not every answer it asked for. What it holds
 * counts into `shared.held`: past the limit of all connections together it is dropped, as is a
 * line left half-sent or a connection left idle too long (limits.ts).
 */
export function serveConnection(
  socket: Socket,
  handlers: Handlers,
  exportCsv?: CsvStreamer,
  shared: Shared = { held: { total: 0 }, limits: DEFAULT_SOCKET_LIMITS },
): void {
  const { held, limits } = shared;
  const frames = new Frames();
  const { queue } = frames;
  let reading = true;
  let working = false;
  /** This connection's part of held.total: its unfinished line and the calls it has waiting. */
  let counted = 0;
  const recount = () => {
    const now = socket.destroyed ? 0 : frames.bytes();
    held.total += now - counted;
    counted = now;
  };

  const write = frameWriter(socket);

  /** Nothing more is read; `reason` is answered after the frames before it, and the connection ends. */
  const stopReading = (reason: string, dropQueued = false) => {
    if (!reading) return;
    reading = false;
    socket.pause();
    times.stop();
    frames.clear(dropQueued);
    queue.push({ refuse: reason });
    recount();
    void pump();
  };
  const times = watchTimes(limits, {
    halfSent: () => stopReading(FRAME_TIMED_OUT(limits.frameTimeoutMs)),
    idle: () => (working || queue.length > 0 ? times.active() : stopReading(IDLE_TIMED_OUT(limits.idleTimeoutMs))),
  });
  // Gone: what it held is released (recount counts a destroyed socket as holding nothing).
  socket.once('close', times.stop);
  socket.once('close', () => recount());

  socket.on('data', (chunk: Buffer) => {
    if (!reading) return;
    times.active();
    if (!frames.take(chunk)) return stopReading(FRAME_TOO_LARGE);
    times.halfSent(frames.partialBytes > 0);
    recount();
    if (queue.length > MAX_QUEUED_FRAMES || frames.queuedBytes > MAX_QUEUED_BYTES)
      return stopReading(TOO_MANY_FRAMES, true);
    if (held.total > limits.maxHeldBytes) return stopReading(TOO_MUCH_HELD(limits.maxHeldBytes), true);
    if (queue.length >= READ_AHEAD || frames.queuedBytes >= READ_AHEAD_BYTES) socket.pause();
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
        frames.queuedBytes -= next.bytes;
        recount();
        const written = write(await answer(next.line, handlers, (id) => streamingExport(id, socket, write, exportCsv)));
        // The client has not read the last answers: no next one (and no more reading) until it has.
        if (!written) await drained(socket);
        if (reading && queue.length < READ_AHEAD / 4 && frames.queuedBytes < READ_AHEAD_BYTES / 4) socket.resume();
      }
    } finally {
      working = false;
      if (reading) times.active();
    }
  }
}

/** Writes one answer line; false when the socket's buffer is full (or it is gone). */
const frameWriter =
  (socket: Socket) =>
  (answer: CliAnswerFrame | CliStreamFrame): boolean =>
    socket.writable && socket.write(`${JSON.stringify(answer)}\n`);

/** A connection's lines: the complete ones queued for answering, the unfinished one kept until its end comes. */
class Frames {
  readonly queue: Queued[] = [];
  queuedBytes = 0;
  partialBytes = 0;
  private partial: Buffer[] = [];

  /** What it holds: the queued lines' bytes and the unfinished one's. */
  bytes(): number {
    return this.queuedBytes + this.partialBytes;
  }

  /** Cuts a chunk into lines; false (the line not kept) when one passes MAX_FRAME_BYTES. */
  take(chunk: Buffer): boolean {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (this.partialBytes + piece.length > MAX_FRAME_BYTES) return false;
      const bytes = this.partialBytes + piece.length;
      this.queue.push({ line: Buffer.concat([...this.partial, piece]).toString('utf8'), bytes });
      this.queuedBytes += bytes;
      this.partial = [];
      this.partialBytes = 0;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (this.partialBytes + rest.length > MAX_FRAME_BYTES) return false;
    if (rest.length > 0) {
      this.partial.push(rest);
      this.partialBytes += rest.length;
    }
    return true;
  }

  /** Nothing more will be read: the unfinished line goes, and with dropQueued the lines waiting. */
  clear(dropQueued: boolean): void {
    this.partial = [];
    this.partialBytes = 0;
    if (dropQueued) {
      this.queue.length = 0;
      this.queuedBytes = 0;
    }
  }
}

/** The connection's two clocks: a line half-sent too long, and no call for too long. */
function watchTimes(limits: SocketLimits, on: { halfSent(): void; idle(): void }) {
  let idle: NodeJS.Timeout | null = null;
  let halfSent: NodeJS.Timeout | null = null;
  const clear = (timer: NodeJS.Timeout | null) => {
    if (timer) clearTimeout(timer);
    return null;
  };
  const times = {
    /** Something came or was answered: the idle clock starts again. */
    active() {
      clear(idle);
      idle = setTimeout(on.idle, limits.idleTimeoutMs);
      idle.unref();
    },
    /** Whether a line is unfinished: its clock runs from its first byte until it ends. */
    halfSent(unfinished: boolean) {
      if (!unfinished) halfSent = clear(halfSent);
      else if (!halfSent) {
        halfSent = setTimeout(on.halfSent, limits.frameTimeoutMs);
        halfSent.unref();
      }
    },
    stop() {
      idle = clear(idle);
      halfSent = clear(halfSent);
    },
  };
  times.active();
  return times;
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

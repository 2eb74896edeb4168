// `stint export`: the app reads the service and makes the CSV (tokens never leave the app); this
// end writes the chunks it streams to standard output or to --out FILE, the socket paused while
// the output is full. Progress goes to standard error, live on a terminal; the summary always.

import type { Writable } from 'node:stream';
import type { ActionError, Result } from '../common/result';
import type { AppConnection, ExportProgress } from './appConnection';
import type { Command } from './args';

export interface ExportIo {
  /** Standard output, or a new FILE (replacing one). */
  output(path: string | null): Writable;
  /** Removes a FILE the export did not finish. */
  remove(path: string): void;
  err(text: string): void;
  out(text: string): void;
  /** A live line on standard error when it is a terminal; absent otherwise. */
  progress?(text: string): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Runs the export; answers the error when the app refused or the export stopped, else null. */
export async function runExport(
  command: Extract<Command, { name: 'export' }>,
  app: AppConnection,
  io: ExportIo,
): Promise<ActionError | null> {
  const sink = io.output(command.out);
  const sinkError = new Promise<Result<never>>((resolve) =>
    sink.once('error', (error) =>
      resolve({ ok: false, error: { code: 'internal', message: `Cannot write the CSV: ${error.message}` } }),
    ),
  );
  const answer = await Promise.race([
    app.stream<{ entries: number }>('exportCsv', { from: command.from, to: command.to }, sink, (p: ExportProgress) => {
      if (p.pages > 1 || p.entries >= 1000) io.progress?.(`Exporting… ${count(p.entries)} entries`);
    }),
    sinkError,
  ]);
  // Everything written is flushed before the summary (standard output is not ended: it is the process's).
  if (command.out !== null) await new Promise<void>((resolve) => sink.end(resolve));
  else await new Promise<void>((resolve) => (sink.writableNeedDrain ? sink.once('drain', resolve) : resolve()));
  io.progress?.('');
  if (!answer.ok) {
    if (command.out !== null) io.remove(command.out);
    return answer.error;
  }
  const entries = `${count(answer.value.entries)} ${answer.value.entries === 1 ? 'entry' : 'entries'}`;
  if (command.out !== null) io.out(`Saved ${entries} to ${command.out}.`);
  else io.err(`Exported ${entries}.`);
  return null;
}

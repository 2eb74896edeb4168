// `stint export`: the app reads the service and makes the CSV (tokens never leave the app); this
// end writes the chunks it streams to standard output or to --out FILE, the socket paused while
// the output is full. Progress goes to standard error, live on a terminal; the summary always.
//
// --out FILE is only ever replaced by a whole CSV (cli/outputFile.ts): the days and FILE are
// checked before anything is opened, and a run that fails leaves FILE as it was.

import { readDay } from '../common/dayWords';
import { exportRangeProblem } from '../common/exportRange';
import type { ActionError, Result } from '../common/result';
import type { AppConnection, ExportProgress } from './appConnection';
import type { Command } from './args';
import type { OutputFile } from './outputFile';

export interface ExportIo {
  /** Why --out FILE cannot be written (not a regular file), or null; nothing is changed. */
  outputProblem(path: string): string | null;
  /** Standard output (path null), or a new temporary file beside FILE. */
  output(path: string | null): Promise<OutputFile>;
  err(text: string): void;
  out(text: string): void;
  /** A live line on standard error when it is a terminal; absent otherwise. */
  progress?(text: string): void;
}

const count = (n: number) => n.toLocaleString('en-US');
const failed = (message: string): ActionError => ({ code: 'internal', message });

/**
 * A day of --from or --to as quick entry reads its day word (common/dayWords.ts): `yesterday`,
 * `today`, `mon`; a date is taken as written (exportRangeProblem checks it: a future --to is fine here).
 */
function exportDay(word: string, today: string, field: 'from' | 'to'): Result<string> {
  if (/^\d{4}-/.test(word)) return { ok: true, value: word };
  const day = readDay(word, today);
  return day.ok
    ? { ok: true, value: day.date }
    : { ok: false, error: { code: 'invalid_argument', message: day.message, field } };
}

/** Runs the export; answers the error when the arguments, the app or the output refused, else null. `today`: the app's. */
export async function runExport(
  command: Extract<Command, { name: 'export' }>,
  app: AppConnection,
  io: ExportIo,
  today: string,
): Promise<ActionError | null> {
  const from = exportDay(command.from, today, 'from');
  if (!from.ok) return from.error;
  const to = exportDay(command.to, today, 'to');
  if (!to.ok) return to.error;
  const range = { from: from.value, to: to.value };
  const problem = exportRangeProblem(range);
  if (problem) return { code: 'invalid_argument', message: problem.message, field: problem.field };
  const unusable = command.out === null ? null : io.outputProblem(command.out);
  if (unusable) return failed(unusable);
  let output: OutputFile;
  try {
    output = await io.output(command.out);
  } catch (error) {
    return failed((error as Error).message);
  }
  const sink = output.stream;
  const sinkError = new Promise<Result<never>>((resolve) =>
    sink.once('error', (error) => resolve({ ok: false, error: failed(`Cannot write the CSV: ${error.message}`) })),
  );
  const answer = await Promise.race([
    app.stream<{ entries: number }>('exportCsv', range, sink, (p: ExportProgress) => {
      if (p.pages > 1 || p.entries >= 1000) io.progress?.(`Exporting… ${count(p.entries)} entries`);
    }),
    sinkError,
  ]);
  io.progress?.('');
  if (!answer.ok) {
    await output.discard();
    return answer.error;
  }
  // Everything written is flushed (FILE renamed into place) before the summary.
  try {
    await output.commit();
  } catch (error) {
    return failed(`The CSV was not saved: ${(error as Error).message}`);
  }
  const entries = `${count(answer.value.entries)} ${answer.value.entries === 1 ? 'entry' : 'entries'}`;
  if (command.out !== null) io.out(`Saved ${entries} to ${command.out}.`);
  else io.err(`Exported ${entries}.`);
  return null;
}

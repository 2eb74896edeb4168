// Where `stint export --out FILE` writes: never FILE itself until the CSV is whole. The CSV goes
// to a new temporary file beside FILE (created exclusively, so nothing there is opened twice or
// followed), is flushed to disk, and only then renamed over FILE. A run that fails removes its
// temporary file and nothing else: FILE, if it existed, is as it was.
//
// FILE may only be a regular file or absent. A symbolic link (checked with lstat, never followed),
// a directory, a device such as /dev/null, a fifo or a socket is refused and left untouched: as
// root, writing "through" /dev/null and then removing it would break the whole system.

import { chmodSync, createWriteStream, lstatSync, renameSync, rmSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';

/** Where the CSV goes: FILE through its temporary file, or standard output (standardOutput). */
export interface OutputFile {
  stream: Writable;
  /** Ends the stream, flushed to disk, and renames the temporary file over FILE; throws with a sentence. */
  commit(): Promise<void>;
  /** Ends the stream and removes the temporary file; FILE is untouched. */
  discard(): Promise<void>;
}

/** Standard output: not ended (it is the process's), only drained before the summary. */
export function standardOutput(stream: Writable): OutputFile {
  const drained = () =>
    new Promise<void>((resolve) => (stream.writableNeedDrain ? stream.once('drain', resolve) : resolve()));
  return { stream, commit: drained, discard: drained };
}

/** Why FILE cannot be written, in a sentence; null when it is a regular file or does not exist. */
export function outputProblem(path: string): string | null {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return `Cannot use ${path}: ${(error as Error).message}`;
  }
  if (stat.isFile()) return null;
  return `${path} is ${kind(stat)}, not a regular file: --out writes only a regular file (or a new one), and left it untouched.`;
}

function kind(stat: Stats): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isFIFO()) return 'a fifo';
  if (stat.isSocket()) return 'a socket';
  return 'not a plain file';
}

/** Opens the temporary file beside `path` (after outputProblem said it may be written). */
export async function openOutputFile(path: string): Promise<OutputFile> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}-${Date.now().toString(36)}.part`);
  // `wx`: O_CREAT|O_EXCL, which also refuses a symbolic link planted at that name. `flush`: fsync
  // before close, so the rename never puts an empty or partial file in place after a crash.
  const stream = createWriteStream(temporary, { flags: 'wx', flush: true });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new Error(`Cannot write beside ${path}: ${error.message}`)));
  });
  const ended = () => new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.end(resolve)));
  let settled = false;
  return {
    stream,
    async commit() {
      settled = true;
      await ended();
      if (stream.errored) throw stream.errored;
      try {
        // Checked again at the last moment: what took FILE's place meanwhile is not replaced.
        const problem = outputProblem(path);
        if (problem) throw new Error(problem);
        keepMode(path, temporary);
        renameSync(temporary, path);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
    },
    async discard() {
      if (settled) return;
      settled = true;
      await ended();
      rmSync(temporary, { force: true });
    },
  };
}

/** A FILE replaced keeps its permissions; a new one has the umask's (as the shell's `>` gives). */
function keepMode(path: string, temporary: string): void {
  try {
    chmodSync(temporary, lstatSync(path).mode & 0o7777);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

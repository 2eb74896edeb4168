// The outbox's durable record: an append-only file of JSON lines. Each record is written and
// fsync'd before the caller goes on, so what the user did survives a crash or a power cut the
// moment the UI answers. A crash can tear only the line being written, always the last one: it
// is skipped on load, and the file is rewritten at once so that no later line is glued to it.
// A record torn just before its newline still reads back; the newline is added on open, for the
// same reason.
//
// The journal is this app's alone (the data folder is locked: dataFolderLock.ts). Should its file
// still be deleted or replaced under it (by hand, by a program that ignores the lock), what is
// written would go to a file no one will read again: before a record is acknowledged, the file at
// the path is checked to be the one held open, and from the first mismatch on every call fails
// with JournalLostError, so the user is told the change was not saved instead of "queued".

import { open, rename, stat, type FileHandle } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../platform/privateFiles';

/** Calls must not overlap: the outbox runs them one at a time, in order. */
export interface Journal {
  /** Resolves once the record is on disk. */
  append(record: object): Promise<void>;
  /** Replaces the whole file with these records, atomically (write, fsync, rename). */
  rewrite(records: readonly object[]): Promise<void>;
  /** Records appended since the last rewrite: the caller's cue to compact. */
  readonly appendedSinceRewrite: number;
  close(): Promise<void>;
}

export interface LoadedJournal {
  journal: Journal;
  records: unknown[];
  /** Lines that could not be read (a torn last line after a crash). */
  skipped: number;
}

export const JOURNAL_FILE = 'outbox.jsonl';

export async function openJournal(dataDir: string): Promise<LoadedJournal> {
  makePrivateDir(dataDir);
  const path = join(dataDir, JOURNAL_FILE);
  const { records, skipped, unterminated, missing } = readRecords(path);
  let handle: FileHandle | null = await open(path, 'a', PRIVATE_FILE_MODE);
  // A new file's first record is durable only once the file's directory entry is.
  if (missing) await syncDir(dataDir);
  if (unterminated) {
    await handle.appendFile('\n');
    await handle.sync();
  }
  let appended = 0;
  let lost = false;
  const live = () => {
    if (lost) throw new JournalLostError(path);
    if (!handle) throw new Error('The outbox journal is closed');
    return handle;
  };
  /** Throws (and stays lost) unless the file at the path is still the one held open. */
  const stillOurs = async (h: FileHandle) => {
    if (await isStillAtPath(h, path)) return;
    lost = true;
    throw new JournalLostError(path);
  };

  const journal: Journal = {
    async append(record) {
      const h = live();
      await h.appendFile(`${JSON.stringify(record)}\n`);
      await h.sync();
      await stillOurs(h);
      appended++;
    },
    async rewrite(all) {
      const old = live();
      // Renaming over a file that is not ours would throw away what someone else wrote there.
      await stillOurs(old);
      const tmp = `${path}.tmp`;
      const out = await open(tmp, 'w', PRIVATE_FILE_MODE);
      try {
        await out.writeFile(all.map((r) => `${JSON.stringify(r)}\n`).join(''));
        await out.sync();
      } finally {
        await out.close();
      }
      handle = null;
      await old.close();
      await rename(tmp, path);
      await syncDir(dirname(path));
      handle = await open(path, 'a', PRIVATE_FILE_MODE);
      appended = 0;
      await stillOurs(handle);
    },
    get appendedSinceRewrite() {
      return appended;
    },
    async close() {
      const h = handle;
      handle = null;
      await h?.close();
    },
  };
  return { journal, records, skipped };
}

/** The journal's file was deleted or replaced under the running app: nothing more is acknowledged. */
export class JournalLostError extends Error {
  constructor(readonly path: string) {
    super(
      `Stint's outbox file (${path}) was deleted or replaced by something else, so this change was not saved. Quit Stint and start it again.`,
    );
  }
}

/** Whether `path` still names the file `h` holds: not deleted (a link left), not another file. */
async function isStillAtPath(h: FileHandle, path: string): Promise<boolean> {
  const held = await h.stat();
  if (held.nlink === 0) return false;
  try {
    const named = await stat(path);
    return named.ino === held.ino && named.dev === held.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The records of an account's journal, read only (another account's, for its count of what waits). */
export function readJournal(dataDir: string): unknown[] {
  return readRecords(join(dataDir, JOURNAL_FILE)).records;
}

function readRecords(path: string): { records: unknown[]; skipped: number; unterminated: boolean; missing: boolean } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], skipped: 0, unterminated: false, missing: true };
    throw error;
  }
  const records: unknown[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      skipped++;
    }
  }
  return { records, skipped, unterminated: text !== '' && !text.endsWith('\n'), missing: false };
}

// The rename is durable only once the directory entry is; some platforms cannot open a directory
// for syncing (Windows), where the rename itself is already durable enough.
async function syncDir(dir: string): Promise<void> {
  let h: FileHandle | null = null;
  try {
    h = await open(dir, 'r');
    await h.sync();
  } catch {
    // see above
  } finally {
    await h?.close();
  }
}

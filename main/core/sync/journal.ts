// The outbox's durable record: an append-only file of JSON lines. Each record is written and
// fsync'd before the caller goes on, so what the user did survives a crash or a power cut the
// moment the UI answers. A crash can tear only the line being written, always the last one: it
// is skipped on load, and the file is rewritten at once so that no later line is glued to it.
// A record torn just before its newline still reads back; the newline is added on open, for the
// same reason.

import { open, rename, type FileHandle } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../service/storage/privateFiles';

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
  const live = () => {
    if (!handle) throw new Error('The outbox journal is closed');
    return handle;
  };

  const journal: Journal = {
    async append(record) {
      const h = live();
      await h.appendFile(`${JSON.stringify(record)}\n`);
      await h.sync();
      appended++;
    },
    async rewrite(all) {
      const old = live();
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

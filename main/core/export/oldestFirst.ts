// The service lists a range's entries newest first (the spec: "sorted by date descending"); a
// timesheet reads oldest first. A range within one page is turned round in memory; a longer one
// is read to the end, each page written turned round as one block to a temporary file (a folder
// of this user's only, 0700, the file 0600, removed once the export ends however it ends), and
// the blocks are then read back last to first: at most a page is in memory, whatever the range.

import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from '../../api/types';

/** Entries per block: the export's page (entriesCsv.ts EXPORT_PAGE). */
const BLOCK = 1000;

/** Runs `use` on the entries of `newestFirst` oldest first; answers what it answers. */
export async function withOldestFirst<T>(
  newestFirst: AsyncIterable<Entry>,
  use: (oldestFirst: AsyncIterable<Entry> | Iterable<Entry>) => Promise<T>,
): Promise<T> {
  const iterator = newestFirst[Symbol.asyncIterator]();
  const first: Entry[] = [];
  while (first.length < BLOCK) {
    const next = await iterator.next();
    if (next.done) return use(first.reverse());
    first.push(next.value);
  }
  const dir = await mkdtemp(join(tmpdir(), 'stint-export-'));
  const file = await open(join(dir, 'entries.jsonl'), 'wx+', 0o600);
  try {
    const blocks: Array<{ at: number; bytes: number }> = [];
    let at = 0;
    const spool = async (page: Entry[]) => {
      const text = Buffer.from(
        `${page
          .reverse()
          .map((e) => JSON.stringify(e))
          .join('\n')}\n`,
      );
      await file.write(text, 0, text.length, at);
      blocks.push({ at, bytes: text.length });
      at += text.length;
    };
    await spool(first);
    let page: Entry[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      page.push(next.value);
      if (page.length === BLOCK) {
        await spool(page);
        page = [];
      }
    }
    if (page.length > 0) await spool(page);
    return await use(readBack(file, blocks));
  } finally {
    await file.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The spooled blocks, last to first, each one's entries in the order written (already turned round). */
async function* readBack(
  file: Awaited<ReturnType<typeof open>>,
  blocks: Array<{ at: number; bytes: number }>,
): AsyncIterable<Entry> {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const { at, bytes } = blocks[i]!;
    const buffer = Buffer.alloc(bytes);
    await file.read(buffer, 0, bytes, at);
    for (const line of buffer.toString('utf8').split('\n')) if (line !== '') yield JSON.parse(line) as Entry;
  }
}

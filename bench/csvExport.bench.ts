// CSV export (issue 14): 10 000 entries written as CSV once they are read (the target: < 1 s),
// the same export with the reading from the real local service over HTTP (pages of 1000), and
// the memory it holds: the heap after a collection at every page while 100 000 generated entries
// are streamed to a file, against the file's size (streamed: a page at a time, never the range).

import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildService } from '../service';
import { createServiceApi } from '../main/api/client';
import type { Entry } from '../main/api/types';
import { writeEntriesCsv, writeRows } from '../main/core/export/entriesCsv';
import { seedAccount } from './serviceSeed';
import type { Benchmark } from './types';

const ENTRIES = 10_000;
const RUNS = 5;
const TARGET_MS = 1000;
const MEMORY_ENTRIES = 100_000;

/** gc(), exposed at run time: `npm run bench` does not pass --expose-gc. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const project = { id: 7, name: 'Website, "main"', billing_increment: 15, enabled: true, billable: true };
const tag = (name: string) => ({ id: 1, name, billable: false, formatted_name: `#${name}`, url: '' });

/** An entry as the service sends it, with text that needs quoting or escaping now and then. */
function entry(i: number): Entry {
  return {
    id: i,
    date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    user: { id: 1, first_name: 'Me', last_name: 'Self', email: 'me@x.test' },
    billable: i % 3 !== 0,
    minutes: 5 + (i % 240),
    description: i % 50 === 0 ? `=HYPERLINK("x") item ${i}` : `Reviewed the sync engine, item ${i} #review`,
    project,
    tags: i % 2 ? [tag('review'), tag('ops')] : [],
    source_url: null,
    invoiced_at: i % 10 === 0 ? '2026-12-01T00:00:00Z' : null,
    invoice: null,
    import: null,
    approved_at: i % 4 === 0 ? '2026-11-30T09:00:00Z' : null,
    approved_by: null,
    url: '',
    invoiced_outside_of_service_url: '',
    approved_url: '',
    unapproved_url: '',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  } as unknown as Entry;
}

const closeFile = (file: Writable) => new Promise<void>((resolve) => file.end(resolve));

const bench: Benchmark = async () => {
  const gc = exposeGc();
  const dir = mkdtempSync(join(tmpdir(), 'stint-csv-bench-'));
  try {
    // (a) Writing only: the entries already read, the CSV to a file.
    const read = Array.from({ length: ENTRIES }, (_, i) => entry(i));
    const writeMs: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const file = createWriteStream(join(dir, 'write.csv'));
      const started = performance.now();
      await writeRows(read, file);
      await closeFile(file);
      if (run > 0) writeMs.push(performance.now() - started); // the first warms the JIT
    }
    const writeBytes = statSync(join(dir, 'write.csv')).size;
    const median = writeMs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;

    // (b) Memory: 100 000 entries generated a page at a time (as the client's iterator yields them).
    async function* generated() {
      for (let i = 0; i < MEMORY_ENTRIES; i++) yield entry(i);
    }
    const used = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const baseline = used();
    let peak = 0;
    const big = createWriteStream(join(dir, 'big.csv'));
    await writeRows(generated(), big, () => {
      peak = Math.max(peak, used() - baseline);
    });
    await closeFile(big);
    const bigBytes = statSync(join(dir, 'big.csv')).size;

    // (c) Reading and writing: the user's entries from the real local service over HTTP.
    const built = await buildService({ dataDir: join(dir, 'service'), rateLimit: 0 });
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = built.app.server.address() as { port: number };
    // Five users' entries: about a fifth are the owner's, whose export this is.
    await seedAccount(built.db, built.ownerId, ENTRIES * 5);
    const api = createServiceApi({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { kind: 'personal', token: built.token },
      rateLimit: 0,
    });
    const file = createWriteStream(join(dir, 'service.csv'));
    const started = performance.now();
    const done = await writeEntriesCsv(api, { from: '2021-01-01', to: '2024-12-31', userId: built.ownerId }, file);
    await closeFile(file);
    const endToEndMs = performance.now() - started;
    await built.app.close();

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    return [
      {
        name: 'CSV export: 10 000 entries written, after they are read',
        value: Math.round(median),
        unit: 'ms',
        target: `< ${TARGET_MS} ms`,
        met: median < TARGET_MS,
        detail: `median of ${RUNS} runs to a file of ${mb(writeBytes)}; quoting and formula escaping included`,
      },
      {
        name: 'CSV export: heap held while streaming 100 000 entries',
        value: Math.round(peak / 1024),
        unit: 'KB',
        target: 'bounded (streamed)',
        met: peak < bigBytes / 10,
        detail: `most heap above the start after a collection at each page, for a file of ${mb(bigBytes)}: a page (1000 rows) at a time`,
      },
      {
        name: 'CSV export: read from the local service and written, end to end',
        value: Math.round(endToEndMs),
        unit: 'ms',
        detail: `${done.entries} of the user's entries, ${done.pages} requests of 1000 over HTTP (rate limit off); the reading dominates`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;

// Core's CSV export: a range of the user's entries streamed to any output (the command line's
// socket), or written to a new file in a folder (the window's Downloads). Its progress is in the
// snapshot (Snapshot.exporting) while it runs. Reading the service is not an outbox operation: an
// export changes nothing, so nothing is queued; if the service cannot be reached it fails at once.

import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { type ExportRange, exportFileName, exportRangeProblem } from '../../../common/exportRange';
import { type ActionError, fail, ok, type Result } from '../../../common/result';
import type { TimeFormat } from '../../../common/format';
import { isApiError } from '../../api/errors';
import type { ServiceApi } from '../../api/types';
import { unreachable } from '../../api/unreachable';
import { type ExportProgress, writeEntriesCsv } from './entriesCsv';

export interface Exporter {
  /** The range's CSV to `out` (not ended here); progress after each page. */
  stream(range: ExportRange, out: Writable, progress?: (p: ExportProgress) => void): Promise<Result<ExportProgress>>;
  /** The range's CSV as a new file in `folder` (stint-<from>-to-<to>.csv, never overwriting one). */
  toFolder(range: ExportRange, folder: string): Promise<Result<{ path: string; entries: number }>>;
}

export interface ExporterDeps {
  api: Pick<ServiceApi, 'listEntries' | 'getCurrentUser'>;
  /** The user's id when core has read it. */
  userId(): number | null;
  /** The user's time format as core last read it (the hours column follows it). */
  timeFormat(): TimeFormat;
  /** The exports running changed: entries written so far (of the latest), or null once none runs. */
  changed(exporting: { entries: number } | null): void;
}

/** Names tried before giving up on a free one: a folder with a hundred copies of one range is not normal. */
const MAX_COPIES = 100;

export function createExporter(deps: ExporterDeps): Exporter {
  let running = 0;

  const stream: Exporter['stream'] = async (range, out, progress = () => {}) => {
    const problem = exportRangeProblem(range);
    if (problem) return fail('invalid_argument', problem.message, problem.field);
    running++;
    deps.changed({ entries: 0 });
    try {
      const known = deps.userId();
      // Not read yet: the user is read now, with the format that goes with them.
      const user = known === null ? await deps.api.getCurrentUser() : null;
      const userId = user?.id ?? known!;
      const timeFormat = user ? (user.time_format === 'fraction' ? 'fraction' : 'hours_minutes') : deps.timeFormat();
      const done = await writeEntriesCsv(deps.api, { ...range, userId, timeFormat }, out, (p) => {
        deps.changed({ entries: p.entries });
        progress(p);
      });
      return ok(done);
    } catch (error) {
      return { ok: false, error: inWords(error) };
    } finally {
      running--;
      if (running === 0) deps.changed(null);
    }
  };

  return {
    stream,
    async toFolder(range, folder) {
      const problem = exportRangeProblem(range);
      if (problem) return fail('invalid_argument', problem.message, problem.field);
      const opened = await openNew(folder, range);
      if (!opened.ok) return opened;
      const { path, file } = opened.value;
      const done = await stream(range, file);
      await new Promise<void>((resolve) => file.end(resolve));
      // A file cut short would look like a whole export: it goes.
      if (!done.ok) {
        rmSync(path, { force: true });
        return done;
      }
      return ok({ path, entries: done.value.entries });
    },
  };
}

/** A new file: the first free name of stint-<from>-to-<to>.csv, -1, -2… (created exclusively, so nothing is overwritten). */
async function openNew(folder: string, range: ExportRange): Promise<Result<{ path: string; file: Writable }>> {
  // A fresh profile may have no Downloads folder yet.
  mkdirSync(folder, { recursive: true });
  for (let copy = 0; copy < MAX_COPIES; copy++) {
    const path = join(folder, exportFileName(range, copy));
    const file = createWriteStream(path, { flags: 'wx' });
    const opened = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      file.once('open', () => resolve(null));
      file.once('error', (error) => resolve(error));
    });
    if (!opened) return ok({ path, file });
    if (opened.code !== 'EEXIST') return fail('internal', `Cannot write to ${folder}: ${opened.message}`);
  }
  return fail('internal', `${folder} already holds ${MAX_COPIES} exports of these days: move some away.`);
}

function inWords(error: unknown): ActionError {
  const why = unreachable(error);
  if (why) return { code: 'rejected', message: `The export stopped: ${why.message}`, detail: why.detail };
  if (isApiError(error)) return { code: 'rejected', message: `The service refused the export: ${error.message}` };
  return { code: 'internal', message: `The export stopped: ${error instanceof Error ? error.message : String(error)}` };
}

// A range of the user's entries streamed as CSV to a Writable, oldest day first: read page by
// page (the largest page the spec allows), turned round (oldestFirst.ts: a range over a page
// through a temporary file), each page's rows written as one chunk, waiting for the output to
// drain before the next. At most a page of entries is in memory, whatever the range.
//
// What is exported is what the service has: changes still in the outbox are not in it (README).

import type { Writable } from 'node:stream';
import type { Entry, ServiceApi } from '../../api/types';
import type { TimeFormat } from '../../../common/format';
import { csvHeader, csvRow } from './csv';
import { withOldestFirst } from './oldestFirst';

/** Entries per request: the spec's maximum (000: "up to 1000 items per page"). */
export const EXPORT_PAGE = 1000;

export interface ExportQuery {
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  /** Only the user's own entries: a supervisor may see everyone's. */
  userId: number;
  /** How the user reads durations: the hours column follows it (decimal hours when not given). */
  timeFormat?: TimeFormat;
}

export interface ExportProgress {
  entries: number;
  pages: number;
}

/** Writes the header and every entry's row; answers how many entries and pages were read. Ends nothing: the caller owns `out`. */
export async function writeEntriesCsv(
  api: Pick<ServiceApi, 'listEntries'>,
  query: ExportQuery,
  out: Writable,
  progress: (p: ExportProgress) => void = () => {},
): Promise<ExportProgress> {
  const entries = api.listEntries({ from: query.from, to: query.to, user_ids: [query.userId], per_page: EXPORT_PAGE });
  // The service lists newest first; the CSV goes oldest first, as a timesheet reads.
  return withOldestFirst(entries, (oldestFirst) => writeRows(oldestFirst, out, progress, query.timeFormat));
}

/** The rows of any stream of entries, a page's worth per write (the benchmark times this without the reading). */
export async function writeRows(
  entries: AsyncIterable<Entry> | Iterable<Entry>,
  out: Writable,
  progress: (p: ExportProgress) => void = () => {},
  format: TimeFormat = 'fraction',
): Promise<ExportProgress> {
  const done: ExportProgress = { entries: 0, pages: 0 };
  await written(out, csvHeader());
  let chunk = '';
  for await (const entry of entries) {
    chunk += csvRow(entry, format);
    done.entries++;
    if (done.entries % EXPORT_PAGE === 0) {
      done.pages++;
      await written(out, chunk);
      chunk = '';
      progress({ ...done });
    }
  }
  if (chunk !== '' || done.entries === 0) {
    done.pages++;
    if (chunk !== '') await written(out, chunk);
    progress({ ...done });
  }
  return done;
}

/** Resolves once `out` takes more (back-pressure); rejects when it failed or closed first. */
function written(out: Writable, text: string): Promise<void> {
  if (out.destroyed || out.writableEnded)
    return Promise.reject(new Error('The output closed before the export ended.'));
  if (out.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('The output closed before the export ended.'));
    out.once('drain', onDrain);
    out.once('error', onError);
    out.once('close', onClose);
  });
}

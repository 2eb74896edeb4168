// Entries as CSV (RFC 4180): a header, then one row per entry, lines ended by CRLF. Pure, so
// the quoting and the escaping are tested in milliseconds; entriesCsv.ts streams the rows.

import type { Entry } from '../../api/types';
import { formatMinutes, type TimeFormat } from '../../../common/format';

/** The columns, in order; README.md says what each holds. */
export const CSV_COLUMNS = [
  'date',
  'minutes',
  'hours',
  'project',
  'tags',
  'billable',
  'description',
  'approved',
  'invoiced',
] as const;

/** The parts of an entry the CSV shows. */
export type CsvEntry = Pick<
  Entry,
  'date' | 'minutes' | 'billable' | 'description' | 'project' | 'tags' | 'approved_at' | 'invoiced_at'
>;

const CRLF = '\r\n';

export const csvHeader = (): string => `${CSV_COLUMNS.join(',')}${CRLF}`;

/** One entry's line, CRLF included; its hours as the user reads durations (the minutes column stays for machines). */
export function csvRow(entry: CsvEntry, format: TimeFormat = 'fraction'): string {
  const cells = [
    entry.date,
    String(entry.minutes),
    formatMinutes(entry.minutes, format),
    entry.project?.name ?? '',
    entry.tags.map((t) => `#${t.name}`).join(' '),
    entry.billable ? 'true' : 'false',
    entry.description ?? '',
    dayOf(entry.approved_at),
    dayOf(entry.invoiced_at),
  ];
  return `${cells.map(csvCell).join(',')}${CRLF}`;
}

/** The day of a timestamp as the service wrote it (its own offset), or empty when there is none. */
const dayOf = (timestamp: string | null): string => (timestamp ? timestamp.slice(0, 10) : '');

/**
 * Cells a spreadsheet would read as a formula (OWASP's CSV injection: a first character of =, +,
 * -, @, tab or CR) get a leading apostrophe, which spreadsheets show as text. Our numeric
 * columns never start with one (minutes are never negative), so only text is touched.
 *
 * A separator inside a cell can start a cell too: a spreadsheet in a locale that separates with
 * `;` splits our lines at every `;` (our quotes then sit mid-cell, where it does not honour
 * them), and a reader set to `,` may do the same with a cell written for `;`. So a trigger right
 * after a `,` or `;` (quotes between them included: a reader that splits there unquotes them)
 * gets the apostrophe too, and a cell holding `;` is quoted, like one holding `,`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;]"*)(?=[=+\-@\t\r])/g;

/** One cell: made safe from formulas, then quoted when it holds a quote, separator, CR or LF (quotes doubled). */
export function csvCell(value: string): string {
  const afterSeparators = value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  const safe = FORMULA_START.test(afterSeparators) ? `'${afterSeparators}` : afterSeparators;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

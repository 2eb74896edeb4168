// Entries as CSV (RFC 4180): a header, then one row per entry, lines ended by CRLF. Pure, so
// the quoting and the escaping are tested in milliseconds; entriesCsv.ts streams the rows.

import type { Entry } from '../../api/types';

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

/** One entry's line, CRLF included. */
export function csvRow(entry: CsvEntry): string {
  const cells = [
    entry.date,
    String(entry.minutes),
    (entry.minutes / 60).toFixed(2),
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
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: made safe from formulas, then quoted when it holds a quote, comma, CR or LF (quotes doubled). */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type CsvEntry, csvCell, csvHeader, csvRow } from '../../../../main/core/export/csv';
import { EXPORT_PAGE, writeRows } from '../../../../main/core/export/entriesCsv';
import type { Entry } from '../../../../main/api/types';

/** A small RFC 4180 reader: what a spreadsheet does with our file. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    } else if (text[i] === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else cell += text[i++];
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/**
 * What a reader sees of a text we wrote: the text, with an apostrophe before a formula trigger
 * that starts it or follows a separator (`,` or `;`, quotes between them allowed).
 */
const shown = (text: string) => text.replace(/(^|[,;]"*)(?=[=+\-@\t\r])/g, "$1'");

const TRIGGER = /^[=+\-@\t\r]/;

/**
 * The cells of one line as a spreadsheet reads them with separator `sep`: a quote is honoured only
 * where a cell begins (a `;` locale opening our `,` file finds our quotes mid-cell and keeps them
 * as text, so it splits at every `;` they hold); text after a closing quote is kept as it is.
 */
function spreadsheetCells(line: string, sep: string): string[] {
  const cells: string[] = [];
  let i = 0;
  const text = line.replace(/\r\n$/, '');
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; i < text.length; ) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    }
    while (i < text.length && text[i] !== sep) cell += text[i++];
    cells.push(cell);
    if (i >= text.length) return cells;
    i++;
  }
}

const entry = (over: Partial<CsvEntry> = {}): CsvEntry => ({
  date: '2026-11-23',
  minutes: 90,
  billable: true,
  description: 'Call with the client',
  project: { id: 1, name: 'Website', billing_increment: 1, enabled: true, billable: true } as CsvEntry['project'],
  tags: [],
  approved_at: null,
  invoiced_at: null,
  ...over,
});
const tag = (name: string) => ({ id: 1, name, billable: false, formatted_name: `#${name}`, url: '' });

describe('CSV of entries', () => {
  it('has a header and one CRLF-ended row per entry, hours with two decimals', () => {
    expect(csvHeader()).toBe('date,minutes,hours,project,tags,billable,description,approved,invoiced\r\n');
    expect(csvRow(entry())).toBe('2026-11-23,90,1.50,Website,,true,Call with the client,,\r\n');
    expect(
      csvRow(
        entry({
          minutes: 20,
          billable: false,
          project: null,
          description: null,
          tags: [tag('meeting'), tag('ops')],
          approved_at: '2026-11-24T09:00:00Z',
          invoiced_at: '2026-11-30T00:00:00Z',
        }),
      ),
    ).toBe('2026-11-23,20,0.33,,#meeting #ops,false,,2026-11-24,2026-11-30\r\n');
  });

  it('quotes cells with a quote, comma, CR or LF, doubling quotes (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\ronly')).toBe('"cr\ronly"');
  });

  it('escapes cells a spreadsheet would run as a formula (OWASP)', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 call')).toBe("'+1 call");
    expect(csvCell('-2 bugs')).toBe("'-2 bugs");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvRow(entry({ description: '=1+1', project: { ...entry().project!, name: '@home' } }))).toContain(
      "'@home,,true,'=1+1,",
    );
  });

  it('escapes a formula after a separator, which a spreadsheet in a `;` locale reads as a new cell', () => {
    expect(csvCell(';=cmd|calc')).toBe(`";'=cmd|calc"`);
    expect(csvCell(',=1+1')).toBe(`",'=1+1"`);
    expect(csvCell(';;@SUM(A1)')).toBe(`";;'@SUM(A1)"`);
    expect(csvCell('fix; -2 bugs;+3')).toBe(`"fix; -2 bugs;'+3"`);
    expect(csvCell(';"=cmd"')).toBe(`";""'=cmd"""`);
    for (const trigger of ['=', '+', '-', '@', '\t', '\r']) {
      for (const sep of [',', ';']) {
        const line = csvRow(entry({ description: `${sep}${trigger}x`, project: null }));
        for (const reader of [',', ';'])
          for (const cell of spreadsheetCells(line, reader)) expect(cell).not.toMatch(TRIGGER);
      }
    }
  });

  it('reads back as the values written (formulas behind an apostrophe), whatever the text (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', ',', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", 'é'),
    });
    fc.assert(
      fc.property(
        fc.record({
          minutes: fc.integer({ min: 0, max: 1440 }),
          billable: fc.boolean(),
          description: fc.option(text),
          project: fc.option(text),
          tags: fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 3 }),
        }),
        (e) => {
          const row = csvRow(
            entry({
              minutes: e.minutes,
              billable: e.billable,
              description: e.description,
              project: e.project === null ? null : { ...entry().project!, name: e.project },
              tags: e.tags.map(tag),
            }),
          );
          const [cells] = readCsv(row);
          expect(cells).toHaveLength(CSV_COLUMNS.length);
          const [date, minutes, hours, project, tags, billable, description] = cells!;
          expect(date).toBe('2026-11-23');
          expect(Number(minutes)).toBe(e.minutes);
          expect(Number(hours)).toBeCloseTo(e.minutes / 60, 2);
          expect(project).toBe(shown(e.project ?? ''));
          expect(tags).toBe(e.tags.map((t) => `#${t}`).join(' '));
          expect(billable).toBe(String(e.billable));
          expect(description).toBe(shown(e.description ?? ''));
          // No cell starts a formula once read, nor when a spreadsheet in a `;` locale reads it.
          for (const cell of cells!) expect(cell).not.toMatch(TRIGGER);
          for (const sep of [',', ';'])
            for (const cell of spreadsheetCells(row, sep)) expect(cell).not.toMatch(TRIGGER);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('writing rows to a stream', () => {
  it('writes a page per chunk, waits while the output is full, and reports progress', async () => {
    const chunks: string[] = [];
    let pending: (() => void) | null = null;
    // An output that takes one chunk at a time: each write is acknowledged only later.
    const out = new Writable({
      highWaterMark: 1,
      write(chunk, _enc, callback) {
        chunks.push(String(chunk));
        pending = callback;
      },
    });
    const many = Array.from({ length: EXPORT_PAGE * 2 + 5 }, (_, i) => entry({ minutes: i }) as Entry);
    // Counts what was taken from the source (the service's pages, in the app).
    let pulled = 0;
    function* source() {
      for (const e of many) {
        pulled++;
        yield e;
      }
    }
    const progress: Array<{ entries: number; pages: number }> = [];
    const done = writeRows(source(), out, (p) => progress.push(p));
    for (const [i, taken] of [0, 1000, 2000, 2005].entries()) {
      await new Promise((r) => setTimeout(r, 5));
      // The header, then a page per chunk; no more is read until the output took the last one.
      expect(chunks).toHaveLength(i + 1);
      expect(pulled).toBe(taken);
      const ack = pending!;
      pending = null;
      ack();
    }
    expect(await done).toEqual({ entries: 2005, pages: 3 });
    expect(progress).toEqual([
      { entries: 1000, pages: 1 },
      { entries: 2000, pages: 2 },
      { entries: 2005, pages: 3 },
    ]);
    const rows = readCsv(chunks.join(''));
    expect(rows).toHaveLength(2006);
    expect(rows.slice(1).map((r) => Number(r[1]))).toEqual(many.map((e) => e.minutes));
  });

  it('stops with an error when the output closes before the end', async () => {
    const out = new Writable({ highWaterMark: 1, write: () => {} });
    const many = Array.from({ length: EXPORT_PAGE * 3 }, () => entry() as Entry);
    const done = writeRows(many, out);
    setTimeout(() => out.destroy(), 5);
    await expect(done).rejects.toThrow('closed before the export ended');
  });
});

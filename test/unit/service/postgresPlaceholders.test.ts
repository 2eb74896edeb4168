import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from '../../../service/storage/postgresPlaceholders';

describe("PostgreSQL's numbered placeholders from the service's ?", () => {
  it('numbers each placeholder in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?')).toBe(
      'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4',
    );
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
    expect(numberPlaceholders('?')).toBe('$1');
  });

  it('leaves a ? inside string literals, quoted identifiers and comments alone', () => {
    expect(numberPlaceholders(`SELECT 'why?', 'it''s ?', x FROM t WHERE y = ?`)).toBe(
      `SELECT 'why?', 'it''s ?', x FROM t WHERE y = $1`,
    );
    expect(numberPlaceholders(`SELECT "odd?name" FROM t WHERE y = ?`)).toBe(`SELECT "odd?name" FROM t WHERE y = $1`);
    expect(numberPlaceholders('SELECT a -- is it ?\nFROM t WHERE y = ?')).toBe(
      'SELECT a -- is it ?\nFROM t WHERE y = $1',
    );
    expect(numberPlaceholders('SELECT a /* ? /* nested ? */ still ? */ FROM t WHERE y = ?')).toBe(
      'SELECT a /* ? /* nested ? */ still ? */ FROM t WHERE y = $1',
    );
  });

  it('reads backslash escapes only in E strings, and dollar quotes to their own tag', () => {
    // In a plain literal a backslash is text (standard_conforming_strings): the quote closes it.
    expect(numberPlaceholders(`SELECT '\\', ?`)).toBe(`SELECT '\\', $1`);
    expect(numberPlaceholders(`SELECT E'\\' ?', ?`)).toBe(`SELECT E'\\' ?', $1`);
    expect(numberPlaceholders('SELECT $$ ? $$, $tag$ $$ ? $tag$, ?')).toBe('SELECT $$ ? $$, $tag$ $$ ? $tag$, $1');
  });

  it('leaves an unterminated literal to PostgreSQL to refuse', () => {
    expect(numberPlaceholders(`SELECT ?, 'open ?`)).toBe(`SELECT $1, 'open ?`);
  });
});

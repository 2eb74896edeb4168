import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../../main/api/linkHeader';

describe('parseLinkHeader', () => {
  it('reads the header as the service writes it (GAPS.md "Pagination")', () => {
    const header =
      '<http://127.0.0.1:4321/v2/entries?page=1&per_page=2>; rel="first", <http://127.0.0.1:4321/v2/entries?page=5&per_page=2>; rel="last", ' +
      '<http://127.0.0.1:4321/v2/entries?page=3&per_page=2>; rel="next", <http://127.0.0.1:4321/v2/entries?page=1&per_page=2>; rel="prev"';
    expect(parseLinkHeader(header)).toEqual({
      first: 'http://127.0.0.1:4321/v2/entries?page=1&per_page=2',
      last: 'http://127.0.0.1:4321/v2/entries?page=5&per_page=2',
      next: 'http://127.0.0.1:4321/v2/entries?page=3&per_page=2',
      prev: 'http://127.0.0.1:4321/v2/entries?page=1&per_page=2',
    });
  });

  it('keeps commas and semicolons inside URLs', () => {
    const next = 'https://api.example/v2/entries?project_ids=1,2,3&description=a;b,%20c&page=2';
    const header = `<https://api.example/v2/entries?project_ids=1,2,3&page=1>; rel="prev", <${next}>; rel="next"`;
    expect(parseLinkHeader(header).next).toBe(next);
    expect(parseLinkHeader(header).prev).toBe('https://api.example/v2/entries?project_ids=1,2,3&page=1');
  });

  it('returns absolute URLs untouched and resolves relative ones against the response URL', () => {
    const links = parseLinkHeader(
      '<HTTP://Host:80/v2/x?a=%7e>; rel=next, </v2/x?page=9>; rel="last"',
      'http://host/v2/x?page=1',
    );
    expect(links.next).toBe('HTTP://Host:80/v2/x?a=%7e');
    expect(links.last).toBe('http://host/v2/x?page=9');
  });

  it('accepts the liberal forms RFC 8288 allows: unquoted, several relations, other parameters, odd spacing, case', () => {
    const header = '<http://a/1>;rel=NEXT;title="x, y; z" ,<http://a/2> ; type="text/html"; rel="last first"';
    expect(parseLinkHeader(header)).toEqual({ next: 'http://a/1', last: 'http://a/2', first: 'http://a/2' });
  });

  it('keeps the first link of a relation, and the first rel parameter of a link', () => {
    expect(parseLinkHeader('<http://a/1>; rel="next"; rel="prev", <http://a/2>; rel="next"')).toEqual({
      next: 'http://a/1',
    });
  });

  it('skips malformed links and finds the good ones after them', () => {
    const header =
      'garbage, <http://a/1>; title="unterminated, <http://a/x>", <not a url>; rel="prev", <http://a/2>; rel="next"';
    expect(parseLinkHeader(header)).toEqual({ next: 'http://a/2' });
  });

  it('answers nothing for no header, an empty one, or links without rel', () => {
    expect(parseLinkHeader(undefined)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader('<http://a/1>')).toEqual({});
    expect(parseLinkHeader('<http://a/1')).toEqual({});
  });

  it('joins a header sent several times', () => {
    expect(parseLinkHeader(['<http://a/1>; rel="prev"', '<http://a/2>; rel="next"'])).toEqual({
      prev: 'http://a/1',
      next: 'http://a/2',
    });
  });

  it('round-trips any query text (property)', () => {
    const queryChar = fc.constantFrom(..."abcXYZ019,;=&%-_.~!$'()*+:@/? ".split(''));
    const query = fc.array(queryChar, { maxLength: 40 }).map((cs) => encodeURI(cs.join('')).replace(/%25/g, '%'));
    const rels = fc.uniqueArray(fc.constantFrom('first', 'last', 'next', 'prev'), { minLength: 1 });
    fc.assert(
      fc.property(rels, fc.array(query, { minLength: 4, maxLength: 4 }), (names, queries) => {
        const urls = names.map((_, i) => `https://h.example/v2/entries?${queries[i]}`.replace(/>/g, ''));
        const header = names.map((n, i) => `<${urls[i]}>; rel="${n}"`).join(', ');
        const parsed = parseLinkHeader(header);
        expect(parsed).toEqual(Object.fromEntries(names.map((n, i) => [n, urls[i]])));
      }),
    );
  });
});

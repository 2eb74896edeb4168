import { describe, expect, it } from 'vitest';
import { linkHeader } from '../../../service/http/pagination';

const page = (n: number, perPage = 10) => ({ page: n, perPage, offset: (n - 1) * perPage });

describe('Link header', () => {
  it('writes first, last, next and prev in that order, joined by ", "', () => {
    expect(linkHeader('http://h/v2/x?page=2', page(2), 35)).toBe(
      '<http://h/v2/x?page=1>; rel="first", <http://h/v2/x?page=4>; rel="last", <http://h/v2/x?page=3>; rel="next", <http://h/v2/x?page=1>; rel="prev"',
    );
  });

  it('adds page after the other parameters when the client did not send it, and replaces it in place when it did', () => {
    expect(linkHeader('http://h/v2/x?a=1&b=two%20words', page(1), 11)).toBe(
      '<http://h/v2/x?a=1&b=two+words&page=2>; rel="last", <http://h/v2/x?a=1&b=two+words&page=2>; rel="next"',
    );
    expect(linkHeader('http://h/v2/x?page=2&a=1', page(2), 11)).toBe(
      '<http://h/v2/x?page=1&a=1>; rel="first", <http://h/v2/x?page=1&a=1>; rel="prev"',
    );
  });

  it('gives nothing when one page holds everything, even an empty collection', () => {
    expect(linkHeader('http://h/v2/x', page(1), 10)).toBeNull();
    expect(linkHeader('http://h/v2/x', page(1), 0)).toBeNull();
  });
});

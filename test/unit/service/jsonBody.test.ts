import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../../service/http/body';

describe('JSON bodies', () => {
  it('reads an object, and an empty or blank body as no body', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody('  \n')).toBeUndefined();
  });

  it('refuses invalid JSON and JSON that is not an object with the spec messages', () => {
    expect(() => parseJsonBody('{')).toThrow('JSON Parsing Error');
    for (const text of ['[]', '1', '"s"', 'null', 'false'])
      expect(() => parseJsonBody(text)).toThrow('Body should be JSON Hash');
  });
});

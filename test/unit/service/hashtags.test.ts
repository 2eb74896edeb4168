import { describe, expect, it } from 'vitest';
import { parseHashtags, parseTagName } from '../../../service/domain/hashtags';

describe('hashtags of a description', () => {
  it('finds each #tag once, a trailing * marking it unbillable', () => {
    expect(parseHashtags('Call #client about #vacation* and #Client again')).toEqual([
      { name: 'client', billable: true },
      { name: 'vacation', billable: false },
    ]);
  });

  it('reads letters of any script, digits, _ and - as part of a tag, and stops at punctuation', () => {
    expect(parseHashtags('#café, #bug-42. #snake_case! (#ok)')).toEqual([
      { name: 'café', billable: true },
      { name: 'bug-42', billable: true },
      { name: 'snake_case', billable: true },
      { name: 'ok', billable: true },
    ]);
  });

  it('takes no tag from a # glued to a word, an entity or another #', () => {
    expect(parseHashtags('C# and a#b and &#39; and ##x and # alone')).toEqual([]);
    expect(parseHashtags(null)).toEqual([]);
  });

  it('reads a name given to POST /v2/tags with an optional # and *', () => {
    expect(parseTagName('#travel*')).toEqual({ name: 'travel', billable: false });
    expect(parseTagName('travel')).toEqual({ name: 'travel', billable: true });
    expect(parseTagName('two words')).toBeNull();
    expect(parseTagName('*')).toBeNull();
    expect(parseTagName('x'.repeat(256))).toBeNull();
  });
});

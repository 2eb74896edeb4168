// User text isolated inside Stint's sentences (common/bidi.ts): only when it could reorder them.
import { describe, expect, it } from 'vitest';
import { isolated } from '../../../common/bidi';
import { loggedMessage } from '../../../common/loggedWords';

describe('isolated', () => {
  it('leaves plain left-to-right text as it is', () => {
    expect(isolated('Website')).toBe('Website');
    expect(isolated('Café #meeting')).toBe('Café #meeting');
  });

  it('isolates text with a right-to-left override or script, and drops isolates of its own', () => {
    expect(isolated('\u202eetisbeW')).toBe('\u2068\u202eetisbeW\u2069');
    expect(isolated('שלום')).toBe('\u2068שלום\u2069');
    // A stray close would end the isolation early; an open one would take the sentence in.
    expect(isolated('a\u2069\u202eb\u2067')).toBe('\u2068a\u202eb\u2069');
  });

  it('keeps the words after a name in place in what is said once logged', () => {
    const logged = { minutes: 30, typedMinutes: 30, increment: 15, projectName: '\u202eetisbeW', date: '2025-11-24' };
    expect(loggedMessage(logged, '2025-11-25')).toBe(
      'Logged 0:30 on \u2068\u202eetisbeW\u2069 yesterday (Mon 24 Nov).',
    );
  });
});

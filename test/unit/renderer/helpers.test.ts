import { describe, expect, it } from 'vitest';
import { suggestProjects } from '../../../common/quickEntry';
import { liveSeconds } from '../../../common/liveSeconds';
import { applySuggestion } from '../../../renderer/suggestion';

describe('live seconds', () => {
  it('grows by whole seconds from asOf while running', () => {
    expect(liveSeconds({ state: 'running', seconds: 10, asOf: 1_000 }, 3_999)).toBe(12);
  });
  it('stays put while paused', () => {
    expect(liveSeconds({ state: 'paused', seconds: 10, asOf: 1_000 }, 60_000)).toBe(10);
  });
  it('never goes back when the page clock is behind main', () => {
    expect(liveSeconds({ state: 'running', seconds: 10, asOf: 5_000 }, 4_000)).toBe(10);
  });
});

describe('accepting a project suggestion', () => {
  const names = ['Website', 'Client call'];
  const accept = (text: string, cursor: number, name: string) =>
    applySuggestion(text, suggestProjects(text, cursor, names)!, name);

  it('replaces what was typed after @ with the name and a space', () => {
    expect(accept('1:30 @we', 8, 'Website')).toEqual({ text: '1:30 @Website ', cursor: 14 });
  });
  it('keeps the text after the word the cursor is in; a name with a space goes in quotes', () => {
    expect(accept('1:30 @cl call notes', 8, 'Client call')).toEqual({
      text: '1:30 @"Client call" call notes',
      cursor: 20,
    });
  });
  it('replaces a quote the user opened with the quoted name', () => {
    expect(accept('1:30 @"cli', 10, 'Client call')).toEqual({ text: '1:30 @"Client call" ', cursor: 20 });
  });
  it('replaces the rest of a word when the cursor is inside it', () => {
    expect(accept('2 @Webs #x', 5, 'Website')).toEqual({ text: '2 @Website #x', cursor: 11 });
  });
});

// What became of what the user did (main/core/views/saveStatus.ts): the one place its states and
// words are decided, which every view of the window reads.
import { describe, expect, it } from 'vitest';
import { SENT } from '../../../../common/savedHere';
import { eitherSavedHere, itemStatus, shownStatus, statusesFor } from '../../../../main/core/views/saveStatus';

describe('saveStatus', () => {
  const work = statusesFor('Work');

  it('says each state in the words the window shows, naming the account', () => {
    expect(work.savedHere).toEqual({
      state: 'saved here',
      words: 'Saved here · sends when Work answers',
      account: 'Work',
    });
    expect(work.refused).toEqual({
      state: 'refused',
      words: 'Not saved on Work: see what was refused above.',
      account: 'Work',
    });
  });

  it('keeps a right-to-left account name from reordering the sentence around it', () => {
    const hebrew = statusesFor('עבודה');
    expect(hebrew.refused.words).toBe('Not saved on \u2068עבודה\u2069: see what was refused above.');
    expect(hebrew.savedHere.words).toBe('Saved here · sends when \u2068עבודה\u2069 answers');
  });

  it('reads an outbox item: pending is saved here, settled is sent, failed is refused', () => {
    expect(itemStatus({ status: 'pending' }, work)).toBe(work.savedHere);
    expect(itemStatus({ status: 'settled' }, work)).toBe(SENT);
    expect(itemStatus({ status: 'failed' }, work)).toBe(work.refused);
    // A row shows only what was applied: a settled item is sent there too.
    expect(shownStatus({ status: 'pending' }, work)).toBe(work.savedHere);
    expect(shownStatus({ status: 'settled' }, work)).toBe(SENT);
  });

  it('a row two operations touched is saved here while either waits', () => {
    expect(eitherSavedHere(SENT, work.savedHere)).toBe(work.savedHere);
    expect(eitherSavedHere(work.savedHere, SENT)).toBe(work.savedHere);
    expect(eitherSavedHere(SENT, SENT)).toBe(SENT);
  });
});

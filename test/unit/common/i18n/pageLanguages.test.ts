// The web host's "system" languages are its page's navigator.languages, sent in the bridge's
// address (renderer/main.tsx): only BCP 47 tags are kept, a handful at most.
import { describe, expect, it } from 'vitest';
import { pageLanguages } from '../../../../web/bridgeServer';

describe("the web host page's languages", () => {
  it('reads the list the page sends, in its order', () => {
    expect(pageLanguages(`/bridge?languages=${encodeURIComponent('de-DE,en-US,ar')}`)).toEqual([
      'de-DE',
      'en-US',
      'ar',
    ]);
  });

  it('keeps no tag that is not one, and none at all without the query', () => {
    expect(pageLanguages('/bridge?languages=de,%3Cscript%3E,,en_US')).toEqual(['de']);
    expect(pageLanguages('/bridge')).toEqual([]);
    expect(pageLanguages(`/bridge?languages=${Array(40).fill('fr').join(',')}`)).toHaveLength(16);
  });
});

import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../../../main/core/desktop/externalLinks';

describe('links opened in the system browser', () => {
  it('opens plain http and https links', () => {
    expect(isSafeExternalUrl('https://example.com/help')).toBe(true);
    expect(isSafeExternalUrl('http://127.0.0.1:4000/entries')).toBe(true);
  });

  it('refuses schemes that could run code or open local files', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'data:text/html,x',
      'stint://x',
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });

  it('refuses relative links, credentials in the URL and non-strings', () => {
    expect(isSafeExternalUrl('/relative')).toBe(false);
    expect(isSafeExternalUrl('https://user:pw@example.com/')).toBe(false);
    expect(isSafeExternalUrl(42)).toBe(false);
    expect(isSafeExternalUrl(`https://${'a'.repeat(3000)}.com`)).toBe(false);
  });
});

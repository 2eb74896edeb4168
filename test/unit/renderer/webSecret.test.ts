// The page's hold on the web host's secret: taken from the printed address's fragment (and out of
// the address at once, the route after it kept), kept for the tab's reloads, and nothing where the
// tab never had one.
import { describe, expect, it } from 'vitest';
import { takeWebSecret } from '../../../renderer/webSecret';

const SECRET = `${'a'.repeat(20)}-_${'Z9'.repeat(11)}`;

function place(hash: string, kept: Record<string, string> = {}) {
  const location = { pathname: '/', search: '', hash };
  const addresses: string[] = [];
  return {
    kept,
    addresses,
    location,
    history: {
      replaceState: (_data: unknown, _unused: string, url: string) => {
        addresses.push(url);
        location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
      },
    },
    sessionStorage: {
      getItem: (key: string) => kept[key] ?? null,
      setItem: (key: string, value: string) => {
        kept[key] = value;
      },
    },
  };
}

describe('the page’s web host secret', () => {
  it('takes it from the fragment, keeps it, and leaves the address without it (a route after it stays)', () => {
    const first = place(`#k=${SECRET}`);
    expect(takeWebSecret(first)).toBe(SECRET);
    expect(first.addresses).toEqual(['/']);
    expect(Object.values(first.kept)).toEqual([SECRET]);

    const routed = place(`#k=${SECRET}#settings`);
    expect(takeWebSecret(routed)).toBe(SECRET);
    expect(routed.addresses).toEqual(['/#settings']);
  });

  it('answers the kept one on a reload, a new address’s over the kept one, and null for a tab that never had one', () => {
    const tab = place(`#k=${SECRET}`);
    takeWebSecret(tab);
    expect(takeWebSecret(place('', tab.kept))).toBe(SECRET);
    expect(takeWebSecret(place('#settings', tab.kept))).toBe(SECRET);
    const next = 'b'.repeat(43);
    expect(takeWebSecret(place(`#k=${next}`, tab.kept))).toBe(next);
    expect(takeWebSecret(place(''))).toBeNull();
    expect(takeWebSecret(place('#settings'))).toBeNull();
    // Not a secret: left alone, and not kept.
    const odd = place('#k=not a secret');
    expect(takeWebSecret(odd)).toBeNull();
    expect(odd.addresses).toEqual([]);
  });
});

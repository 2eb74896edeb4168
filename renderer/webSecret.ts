// The page's hold on the web host's secret (common/webHostSecret.ts says why it lives here and
// not in a cookie). The printed address brings it in the fragment, #k=<secret>, which the browser
// never sends to a server; the page keeps it in this tab's sessionStorage (so a reload keeps
// working, and no other origin, other ports included, can read it) and takes it out of the address
// bar and the tab's history at once. A route after it (#k=<secret>#settings) is kept.

import { SECRET_FRAGMENT_KEY } from '../common/webHostSecret';

const STORAGE_KEY = 'stint-web-secret';
const FRAGMENT = new RegExp(`^#${SECRET_FRAGMENT_KEY}=([A-Za-z0-9_-]+)(#.*)?$`);

interface Place {
  location: { pathname: string; search: string; hash: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/**
 * This tab's secret: the one in the address (which replaces any kept before: a new run's address),
 * or else the one kept from the address this tab opened earlier; null when the tab never had one.
 */
export function takeWebSecret(place: Place = globalThis as unknown as Place): string | null {
  const found = FRAGMENT.exec(place.location.hash);
  if (found) {
    const [, secret, route] = found;
    place.history.replaceState(null, '', `${place.location.pathname}${place.location.search}${route ?? ''}`);
    try {
      place.sessionStorage.setItem(STORAGE_KEY, secret!);
    } catch {
      // Storage refused (a private mode's quota): this load still works, a reload asks for the address.
    }
    return secret!;
  }
  try {
    return place.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

// The page's one route choice: '#settings' shows the settings, '#week' the week view (in the main
// window), '#activity' the sync ledger, anything else the main view. The
// hash changes without a navigation (Electron refuses navigations), so a link to it is enough.

import { useEffect, useState } from 'preact/hooks';

export type Route = 'main' | 'settings' | 'week' | 'activity';

const ROUTES: Readonly<Record<string, Route>> = { '#settings': 'settings', '#week': 'week', '#activity': 'activity' };
const current = (): Route => ROUTES[location.hash] ?? 'main';

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const changed = () => setRoute(current());
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}

// Each view opens at its top, or where the user left it (issue 27 item 14): the page is one
// document whose views replace each other, so without this a view opened at the offset the last
// one was scrolled to (the week mid-page, the reminder's bar out of sight after Settings).

import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Route } from './route';

export function useScrollPerView(route: Route): void {
  const offsets = useRef(new Map<Route, number>());
  const shown = useRef(route);
  useEffect(() => {
    // Kept as the user scrolls: once the next view has rendered, the old offset may be clamped away.
    const scrolled = () => offsets.current.set(shown.current, window.scrollY);
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => window.removeEventListener('scroll', scrolled);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    window.scrollTo(0, offsets.current.get(route) ?? 0);
  }, [route]);
}

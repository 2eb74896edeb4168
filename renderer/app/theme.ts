// The page's theme: `data-theme` on <html> overrides the system's light or dark appearance
// (styles.css); 'system' removes it, so prefers-color-scheme decides.

import { useEffect } from 'preact/hooks';
import type { Theme } from '../../common/settings';

export function useTheme(theme: Theme | undefined): void {
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    else delete root.dataset.theme;
  }, [theme]);
}

/** Whether keys should be named as a Mac names them (Cmd, Option). */
export const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.userAgent);

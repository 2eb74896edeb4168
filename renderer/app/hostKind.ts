// What serves this page: the desktop app (Electron, its preload's bridge) or the web host (a
// browser tab over a WebSocket). Some things exist only on the desktop: global shortcuts (a
// browser hears keys only in its own tab) and the time away read from the system.

import { createContext } from 'preact';

export type HostKind = 'desktop' | 'web';

/** Given by renderer/main.tsx; the desktop unless it says otherwise. */
export const HostKindContext = createContext<HostKind>('desktop');

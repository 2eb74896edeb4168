// Wake and unlock make fresh data worth reading; core decides what to do with them.

import { powerMonitor } from 'electron';
import type { Core } from '../core/types';

export function forwardPowerEvents(core: Core): void {
  powerMonitor.on('resume', () => core.notify('resume'));
  powerMonitor.on('unlock-screen', () => core.notify('unlock'));
}

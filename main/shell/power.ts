// Sleep and lock, as core's events: core reads fresh data on the way back and weighs the time
// away for the idle prompt (core/idle/policy.ts).

import { powerMonitor } from 'electron';
import type { Core } from '../core/types';

export function forwardPowerEvents(core: Core): void {
  powerMonitor.on('suspend', () => core.notify({ kind: 'suspend', at: Date.now() }));
  powerMonitor.on('resume', () => core.notify({ kind: 'resume', at: Date.now() }));
  powerMonitor.on('lock-screen', () => core.notify({ kind: 'lock', at: Date.now() }));
  powerMonitor.on('unlock-screen', () => core.notify({ kind: 'unlock', at: Date.now() }));
}

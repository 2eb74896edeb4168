// Sleep and lock, as core's events: core reads fresh data on the way back and weighs the time
// away for the idle prompt (core/idle/policy.ts).

import { powerMonitor } from 'electron';
import type { StintApp } from '../core/accounts/stintApp';

/** Forwards until the answered function is called. */
export function forwardPowerEvents(core: StintApp): () => void {
  const suspend = () => core.notify({ kind: 'suspend', at: Date.now() });
  const resume = () => core.notify({ kind: 'resume', at: Date.now() });
  const lock = () => core.notify({ kind: 'lock', at: Date.now() });
  const unlock = () => core.notify({ kind: 'unlock', at: Date.now() });
  powerMonitor.on('suspend', suspend);
  powerMonitor.on('resume', resume);
  powerMonitor.on('lock-screen', lock);
  powerMonitor.on('unlock-screen', unlock);
  return () => {
    powerMonitor.off('suspend', suspend);
    powerMonitor.off('resume', resume);
    powerMonitor.off('lock-screen', lock);
    powerMonitor.off('unlock-screen', unlock);
  };
}

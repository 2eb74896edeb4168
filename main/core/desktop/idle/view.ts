// The open idle prompt as the snapshot shows it: what it offers depends on the timers now, so a
// read that reveals the timer was paused elsewhere meanwhile turns it into a notice at once.

import type { IdlePromptView, TimerView } from '../../../../common/snapshot';
import type { IdlePrompt } from './policy';

export function idleView(prompt: IdlePrompt | null, timers: readonly TimerView[]): IdlePromptView | null {
  if (!prompt) return null;
  // By id, or by name (unique per user): a project created offline changes id when it is created.
  const timer = timers.find((t) => t.projectId === prompt.projectId || t.projectName === prompt.projectName);
  return { ...prompt, timerRunning: timer?.state === 'running' };
}

// When the shell shows the OS notification for the idle prompt: once per return, not on every
// snapshot that still carries the same prompt (nor when a read only flips whether it still runs).

import { idleMessage } from '../../../../common/idleText';
import type { IdlePromptView } from '../../../../common/snapshot';

export interface IdleNotification {
  /** Identifies the return it is about: a changed key is a new notification. */
  key: string;
  title: string;
  body: string;
}

export function idleNotification(prompt: IdlePromptView | null): IdleNotification | null {
  if (!prompt) return null;
  return {
    key: `${prompt.projectId}@${prompt.idleSince}-${prompt.returnedAt}`,
    title: 'Stint: you were away',
    body: `${idleMessage(prompt)} Open Stint to keep or discard that time.`,
  };
}

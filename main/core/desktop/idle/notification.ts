// When the shell shows the OS notification for the idle prompt: once per return, not on every
// snapshot that still carries the same prompt (nor when a read only flips whether it still runs).
// When the user left is written as the window writes it (common/dateTimeWords.ts), in the system's
// locale as Intl knows it: main has no navigator.

import { dateTimeWords, intlLocale } from '../../../../common/dateTimeWords';
import type { Words } from '../../../../common/i18n/words';
import { idleMessageWords } from '../../../../common/idleText';
import type { IdlePromptView } from '../../../../common/snapshot';

export interface IdleNotification {
  /** Identifies the return it is about: a changed key is a new notification. */
  key: string;
  title: string;
  body: string;
}

/**
 * `locale`: the system's when not given, asked of Intl only once there is a prompt: every snapshot
 * comes here, and the first Intl.DateTimeFormat loads some 8 MB of ICU's data into the process.
 */
export function idleNotification(
  prompt: IdlePromptView | null,
  words: Words,
  locale?: string,
): IdleNotification | null {
  if (!prompt) return null;
  return {
    key: `${prompt.projectId}@${prompt.idleSince}-${prompt.returnedAt}`,
    title: words.t('notifications.idleTitle'),
    // The window's own sentence (window-questions), then what to do about it.
    body: words.t('notifications.idleBody', { message: said(words, prompt, locale) }),
  };
}

/** The idle prompt's sentence as the window says it, in `words`' language. */
function said(words: Words, prompt: IdlePromptView, locale: string | undefined): string {
  const message = idleMessageWords(prompt, words.t, dateTimeWords(locale ?? intlLocale()).when);
  return words.t(message.id, message.values);
}

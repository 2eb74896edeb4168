// The window's words: the user's language's catalog, which main hands over the bridge (only that
// language's, never every catalog), kept in a signal so that a change of language repaints every
// view that reads it at once, without a reload. Components call t() while rendering: reading the
// signal there subscribes them to it.

import { signal } from '@preact/signals';
import { createWords, type MessageValues, type Words } from '../../common/i18n/words';

/** Until main's catalog arrives the window shows nothing of its own (Root waits for it). */
export const words = signal<Words>(createWords('en', {}));

/** The message `id` in the window's language (common/i18n/catalogs/<area>/<locale>.json). */
export const t = (id: string, values?: MessageValues): string => words.value.t(id, values);

/** Shows the window in another language: every view that called t() paints again. */
export function showWords(next: Words): void {
  words.value = next;
}

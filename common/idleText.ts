// The idle prompt in words, the same in the window and in the OS notification.

import { formatMinutes, localDate, type TimeFormat } from './format';
import type { IdlePromptView } from './snapshot';
import type { MessageRef } from './result';

/** Time away as people say it: "42 min", "1 h 5 min". */
export function awayDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "14:05", with the day in front when the user left on another day than they came back. */
function leftAt(view: IdlePromptView): string {
  const d = new Date(view.idleSince);
  const time = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return localDate(view.idleSince) === localDate(view.returnedAt) ? time : `${localDate(view.idleSince)} ${time}`;
}

/**
 * The prompt's words. `when`: how the user's clock writes when they left (common/dateTimeWords.ts,
 * the system's locale), as the window and the OS notification both pass it; leftAt's "14:05" else.
 */
export function idleMessage(view: IdlePromptView, when?: (epochMs: number, now: number) => string): string {
  const since = when ? when(view.idleSince, view.returnedAt) : leftAt(view);
  const away = `You were away ${awayDuration(view.idleSeconds)} (since ${since}) while ${view.projectName} ran`;
  return view.timerRunning
    ? `${away}.`
    : `${away}; its timer was stopped meanwhile (paused, logged or discarded), so there is no time to take off it here.`;
}

/** A language's messages by id, as common/i18n/words.ts's Words.t says them. */
type Say = (id: string, values?: MessageRef['values']) => string;

/** awayDuration in the user's language: "42 min", "1 Std. 5 Min.". */
export function awayDurationIn(say: Say, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? say('window-questions.awayMinutes', { minutes })
    : say('window-questions.awayHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/**
 * idleMessage as a catalog message: its arguments are text (the time away said in the user's
 * language, when they left, the project), so the window shows each isolated (Said.tsx).
 */
export function idleMessageWords(
  view: IdlePromptView,
  say: Say,
  when?: (epochMs: number, now: number) => string,
): { id: string; values: Record<string, string> } {
  const values = {
    away: awayDurationIn(say, view.idleSeconds),
    since: when ? when(view.idleSince, view.returnedAt) : leftAt(view),
    name: view.projectName,
  };
  return { id: view.timerRunning ? 'window-questions.idleAway' : 'window-questions.idleAwayStopped', values };
}

/** The minutes the Discard button takes off, in the user's format ("0:31", "0.52"). */
export const idleMinutes = (view: IdlePromptView, format?: TimeFormat) =>
  formatMinutes(Math.round(view.idleSeconds / 60), format);

/** The Discard button's label: the time it takes off, in the user's format ("Discard 0:31", "Discard 0.52"). */
export const discardLabel = (view: IdlePromptView, format?: TimeFormat) =>
  `Discard ${formatMinutes(Math.round(view.idleSeconds / 60), format)}`;

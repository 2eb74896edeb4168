// The window's one way to write dates and clock times, in the system's locale (navigator.language:
// the OS's language in Electron, the browser's on the web host): its order of day and month, and its
// 12- or 24-hour clock, so the sync tooltip, the Activity page, the time-away prompt and the
// settings' fields read alike. The words are common/dateTimeWords.ts's, which main writes with too.
// Components read it with useDateTime(); tests give a locale.

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type DateTimeWords, dateTimeWords as wordsIn } from '../common/dateTimeWords';

export type { DateTimeWords };

/** The system's locale; "en" where there is no navigator (Node without a window). */
export const systemLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en';

export const dateTimeWords = (locale: string = systemLocale(), hour12?: boolean): DateTimeWords =>
  wordsIn(locale, hour12);

export const DateTimeContext = createContext<DateTimeWords>(dateTimeWords());

export const useDateTime = (): DateTimeWords => useContext(DateTimeContext);

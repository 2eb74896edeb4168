// The user's time format (Snapshot.timeFormat, their time_format on the service) for every
// component that writes a duration: App provides it once, each component reads it with
// useMinutes(), so no prop is threaded through the views between. Fractions take the window's
// language's decimal separator ("1,50" in German), through its words (Intl).

import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import {
  DEFAULT_TIME_FORMAT,
  formatElapsed,
  formatMinutes,
  type NumberWriter,
  type TimeFormat,
} from '../common/format';
import { words } from './app/words';

export const TimeFormatContext = createContext<TimeFormat>(DEFAULT_TIME_FORMAT);

/** The user's format itself, for the common/ functions that take it (previews, messages). */
export const useTimeFormat = (): TimeFormat => useContext(TimeFormatContext);

/** Numbers as the window's language writes them (reading the words' signal: a change of language repaints). */
export const windowNumbers: NumberWriter = (value, options) => words.value.formatNumber(value, options);

/** A timer's running time in the user's format: "1:05:09", or "1.08" hours for fractions (formatElapsed). */
export function useElapsed(): (seconds: number) => string {
  const format = useContext(TimeFormatContext);
  return (seconds) => formatElapsed(seconds, format, windowNumbers);
}

/** formatMinutes in the user's format: "1:30", or "1.50" ("1,50" in German) for a user who chose fractions. */
export function useMinutes(): (minutes: number) => string {
  const format = useContext(TimeFormatContext);
  return (minutes) => formatMinutes(minutes, format, windowNumbers);
}

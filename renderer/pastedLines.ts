// A pasted day read line by line, as quick entry reads one line, so the panel can show each
// line's entry or its reason before anything is logged (main reads them again: the same parser).

import { parseQuickEntry, type QuickEntry } from '../common/quickEntry';

export interface PastedLine {
  /** The line as pasted, trimmed. */
  text: string;
  parsed: QuickEntry;
}

/** The non-blank lines of a paste; one line is not a pasted day (the box takes it as typed). */
export const pastedLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export const isPastedDay = (text: string): boolean => pastedLines(text).length > 1;

export function readPastedLines(text: string, names: readonly string[], today: string): PastedLine[] {
  return pastedLines(text).map((line) => ({ text: line, parsed: parseQuickEntry(line, names, today) }));
}

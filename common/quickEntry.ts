// Reads one line of quick entry: `[day] <time or range> [description with #tags and @project]`,
// e.g. "1:30 @Website #meeting call with the client", "yesterday 9:00-10:30 @Website review" or a
// meeting's line edited at its end, "14:00-15:00 #meeting Weekly sync @Acme"; a new project of
// several words goes in quotes: `1:00 @"Acme Corp" design`. The project is the first word that
// starts with @ (an @ inside a word, as in bob@example.com, is text), anywhere after the time; a
// later @word is part of the description.
// The renderer previews the result as the user types and main parses it again before queueing the
// entry, so both agree by construction. Today's date is given, never read from a clock here.
// The line is read in the user's language as well as in English (common/i18n/grammar/:
// "gestern 1,5 Std @Website", "יום שני 9:00-10:30"); the default is English alone.

import { looksLikeDay, parseDay } from './dayWords';
import { grammarOf } from './i18n/grammar/grammar';
import { refusal } from './i18n/grammar/refusal';
import type { Locale } from './i18n/locales';
import type { MessageRef } from './result';
import { recentFirst } from './projectOrder';
import { checkProjectName } from './projectName';
import { parseTimeRange } from './timeRange';
import { parseTimeString } from './timeString';

export type QuickEntryField = 'time' | 'project' | 'date';

export type QuickEntry =
  | {
      ok: true;
      /** The day it logs to, YYYY-MM-DD: today unless a day was written first. */
      date: string;
      /** As typed (a range gives the minutes between its ends), before any billing increment. */
      minutes: number;
      /** A known project's name as the service spells it, or the new name typed after @. */
      projectName: string | null;
      /** No known project matched: the service will create it (the preview says so). */
      projectIsNew: boolean;
      /** A new name that is probably a typo of this known project ("Remtoe" for "Remote"). */
      didYouMean: string | null;
      description: string;
      tags: string[];
    }
  | { ok: false; message: string; field: QuickEntryField; words?: MessageRef };

/** The longest time written as separate words: "1 h 30 m" is four. */
const MAX_TIME_WORDS = 4;

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

/** `today` is the local date, YYYY-MM-DD: day words count back from it; `locale`: the user's language, read besides English. */
export function parseQuickEntry(
  text: string,
  knownProjectNames: readonly string[],
  today: string,
  locale: Locale = 'en',
): QuickEntry {
  const grammar = grammarOf(locale);
  const no = (field: QuickEntryField, refused: { message: string; words?: MessageRef }): QuickEntry => ({
    ok: false,
    field,
    ...refused,
  });
  let words = text.trim().split(/\s+/).filter(Boolean);
  let date = today;
  const day = dayAtStart(words, locale);
  if (day) {
    const read = parseDay(day.word, today, locale);
    if (read && !read.ok) return no('date', read);
    if (read?.ok) date = read.date;
    words = words.slice(day.length);
    if (words.length === 0)
      return no(
        'time',
        refusal(grammar, `Now the time, like “${day.word} 1:30”.`, 'quick-refusals.nowTheTime', { day: day.word }),
      );
  }
  if (words.length === 0 || words[0]!.startsWith('@') || words[0]!.startsWith('#')) {
    return no(
      'time',
      refusal(grammar, 'Start with the time, like “1:30 @Project what you did”.', 'quick-refusals.startWithTime'),
    );
  }
  const time = timeAtStart(words, locale);
  if (!time.ok) return no('time', time);
  const project = projectAnywhere(words.slice(time.used).join(' '), knownProjectNames, locale);
  if (!project.ok) return project;
  const { projectName, projectIsNew, didYouMean, description } = project;
  return {
    ok: true,
    date,
    minutes: time.minutes,
    projectName,
    projectIsNew,
    didYouMean,
    description,
    tags: hashtags(description),
  };
}

/**
 * The day the line starts with, if it starts with one: a day of two words first ("יום שני",
 * "أول أمس", Intl's Hebrew weekday names), then one.
 */
function dayAtStart(words: readonly string[], locale: Locale): { word: string; length: number } | null {
  if (words.length >= 2) {
    const two = `${words[0]} ${words[1]}`;
    if (looksLikeDay(two, locale)) return { word: two, length: 2 };
  }
  const one = words[0];
  return one !== undefined && looksLikeDay(one, locale) ? { word: one, length: 1 } : null;
}

/** The minutes the words start with and how many words they took, or why they are no time. */
function timeAtStart(
  words: readonly string[],
  locale: Locale,
): { ok: true; minutes: number; used: number } | { ok: false; message: string; words?: MessageRef } {
  // A range of clock times, one word ("9:00-10:30"), gives the minutes between its ends.
  const range = parseTimeRange(words[0]!, locale);
  if (range && !range.ok) return range;
  if (range?.ok) return { ok: true, minutes: range.minutes, used: 1 };
  // The time may be several words ("1h 30m", "2 hours"): take the longest run that reads as one.
  for (let n = Math.min(MAX_TIME_WORDS, words.length); n >= 1; n--) {
    const candidate = words.slice(0, n);
    if (candidate.some((w, i) => i > 0 && /^[@#]/.test(w))) continue;
    const parsed = parseTimeString(candidate.join(' '), undefined, locale);
    if (parsed.ok) return { ok: true, minutes: parsed.minutes, used: n };
  }
  const first = parseTimeString(words[0]!, undefined, locale);
  return first.ok ? refusal(grammarOf(locale), 'Start with the time.', 'quick-refusals.startWithTimeAlone') : first;
}

type ProjectPart =
  | { ok: true; projectName: string | null; projectIsNew: boolean; didYouMean: string | null; description: string }
  | { ok: false; field: 'project'; message: string; words?: MessageRef };

const NO_PROJECT = { ok: true, projectName: null, projectIsNew: false, didYouMean: null } as const;

/** The project named by the first word that starts with @, and the words either side of it as the description. */
function projectAnywhere(rest: string, knownProjectNames: readonly string[], locale: Locale): ProjectPart {
  const at = /(?:^|\s)@/.exec(rest);
  if (!at) return { ...NO_PROJECT, description: rest };
  const start = at.index + at[0].length;
  const project = readProject(rest.slice(start), knownProjectNames, locale);
  if (!project.ok) return project;
  const before = rest.slice(0, start - 1).trim();
  return { ...project, description: [before, project.description].filter(Boolean).join(' ') };
}

/** Quotes around a name of several words: straight, or the curly pair a keyboard may turn them into. */
const OPENING_QUOTES = '"“';
const CLOSING_QUOTES = '"”';

/**
 * The project after the @ and the description after it: a known name (the longest that fits, so
 * names of several words need no quotes), a name in quotes (`@"Acme Corp" design`: the only way to
 * name a new project of several words), or one word, new.
 */
function readProject(after: string, knownProjectNames: readonly string[], locale: Locale): ProjectPart {
  const grammar = grammarOf(locale);
  const quoted = OPENING_QUOTES.includes(after[0] ?? 'x') ? quotedName(after, locale) : null;
  if (quoted && !quoted.ok) return quoted;
  const known = quoted ? null : matchKnownProject(after, knownProjectNames);
  if (known) return { ...NO_PROJECT, projectName: known, description: after.slice(known.length).trim() };
  const word = quoted ? quoted.name : /^\S*/.exec(after)![0];
  if (word === '')
    return {
      field: 'project',
      ...refusal(grammar, 'Type a project name right after @.', 'quick-refusals.projectAfterAt'),
    };
  const checked = checkProjectName(word, knownProjectNames);
  if (!checked.ok) return { ok: false, field: 'project', message: checked.message };
  const description = after.slice(quoted ? quoted.length : word.length).trim();
  if (checked.known) return { ...NO_PROJECT, projectName: checked.name, description };
  return { ok: true, projectName: checked.name, projectIsNew: true, didYouMean: checked.didYouMean, description };
}

/** The name between the quotes that `text` opens with, tidied, and how many characters it took. */
function quotedName(
  text: string,
  locale: Locale,
): { ok: true; name: string; length: number } | { ok: false; field: 'project'; message: string; words?: MessageRef } {
  const close = [...text.slice(1)].findIndex((ch) => CLOSING_QUOTES.includes(ch));
  if (close < 0)
    return {
      field: 'project',
      ...refusal(
        grammarOf(locale),
        'Close the project name with a quote, like @"Acme Corp".',
        'quick-refusals.closeQuote',
      ),
    };
  const inside = text.slice(1, close + 1);
  return { ok: true, name: inside.trim().replace(/\s+/g, ' '), length: close + 2 };
}

/**
 * The longest known name that the text starts with, compared without case and ending at a word
 * boundary, so "@Web" does not pick "Website" and "@Client Website redesign" prefers the longer
 * of "Client Website" and "Client Website redesign".
 */
function matchKnownProject(text: string, names: readonly string[]): string | null {
  const lower = text.toLowerCase();
  let best: string | null = null;
  for (const name of names) {
    if (name === '' || (best !== null && name.length <= best.length)) continue;
    if (lower.startsWith(name.toLowerCase()) && isSpace(text[name.length])) best = name;
  }
  return best;
}

/** Tag names in the order written, without # (a trailing * marks the tag unbillable: kept). */
export function hashtags(description: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const m of description.matchAll(/(?:^|\s)#([\p{L}\p{N}_-]+\*?)/gu)) {
    const tag = m[1]!;
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export interface ProjectSuggestions {
  /** Where the typed name starts (just after the @, its opening quote included) and ends (the cursor): the range to replace. */
  from: number;
  to: number;
  query: string;
  names: string[];
}

/**
 * Projects to offer while the user types after @. Names may hold spaces, so the query runs from
 * the @ (and an opening quote) to the cursor; once no name fits it, the user has moved on to the
 * description. `from` is just after the @: a chosen name replaces the quote typed too. Names that
 * start with the query come before those containing it; within each, `recent` ones (most recent
 * first) lead and the rest follow alphabetically.
 */
export function suggestProjects(
  text: string,
  cursor: number,
  names: readonly string[],
  { limit = 8, recent = [] }: { limit?: number; recent?: readonly string[] } = {},
): ProjectSuggestions | null {
  const before = text.slice(0, cursor);
  const at = before.lastIndexOf('@');
  if (at < 0 || !isSpace(before[at - 1]) || before.slice(at).includes('#')) return null;
  // A name begun in quotes is looked up without them; once they close, the user has moved on.
  const typed = before.slice(at + 1);
  const opened = OPENING_QUOTES.includes(typed[0] ?? 'x');
  if (opened && [...typed.slice(1)].some((ch) => CLOSING_QUOTES.includes(ch))) return null;
  const query = opened ? typed.slice(1) : typed;
  const q = query.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(q));
  if (q.includes(' ') && starts.length === 0) return null;
  const within = q === '' ? [] : names.filter((n) => !n.toLowerCase().startsWith(q) && n.toLowerCase().includes(q));
  const found = [...recentFirst(starts, recent), ...recentFirst(within, recent)].slice(0, limit);
  return found.length === 0 ? null : { from: at + 1, to: cursor, query, names: found };
}

/** A name as quick entry takes it after @: in quotes when it has a space, so it reads whole even if new. */
export function projectNameToType(name: string): string {
  return /\s/.test(name) ? `"${name}"` : name;
}

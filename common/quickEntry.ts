// Reads one line of quick entry: `<time> [@project] [description with #tags]`, e.g.
// "1:30 @Website #meeting call with the client". The renderer previews the result as the user
// types and main parses it again before queueing the entry, so both agree by construction.

import { parseTimeString } from './timeString';

export type QuickEntryField = 'time' | 'project';

export type QuickEntry =
  | {
      ok: true;
      minutes: number;
      /** A known project's name as the service spells it, or the new name typed after @. */
      projectName: string | null;
      /** No known project matched: the service will create it (the preview says so). */
      projectIsNew: boolean;
      description: string;
      tags: string[];
    }
  | { ok: false; message: string; field: QuickEntryField };

/** The longest time written as separate words: "1 h 30 m" is four. */
const MAX_TIME_WORDS = 4;

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);

export function parseQuickEntry(text: string, knownProjectNames: readonly string[]): QuickEntry {
  const line = text.trim();
  const words = line.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words[0]!.startsWith('@') || words[0]!.startsWith('#')) {
    return { ok: false, field: 'time', message: 'Start with the time, like “1:30 @Project what you did”.' };
  }

  // The time may be several words ("1h 30m", "2 hours"): take the longest run that reads as one.
  let minutes = 0;
  let used = 0;
  for (let n = Math.min(MAX_TIME_WORDS, words.length); n >= 1; n--) {
    const candidate = words.slice(0, n);
    if (candidate.some((w, i) => i > 0 && /^[@#]/.test(w))) continue;
    const parsed = parseTimeString(candidate.join(' '));
    if (parsed.ok) {
      minutes = parsed.minutes;
      used = n;
      break;
    }
  }
  if (used === 0) {
    const first = parseTimeString(words[0]!);
    return { ok: false, field: 'time', message: first.ok ? 'Start with the time.' : first.message };
  }

  let rest = words.slice(used).join(' ');
  let projectName: string | null = null;
  let projectIsNew = false;
  if (rest.startsWith('@')) {
    const after = rest.slice(1);
    const known = matchKnownProject(after, knownProjectNames);
    if (known) {
      projectName = known;
      rest = after.slice(known.length).trim();
    } else {
      const word = /^\S*/.exec(after)![0];
      if (word === '') return { ok: false, field: 'project', message: 'Type a project name right after @.' };
      projectName = word;
      projectIsNew = true;
      rest = after.slice(word.length).trim();
    }
  }

  return { ok: true, minutes, projectName, projectIsNew, description: rest, tags: hashtags(rest) };
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
  /** Where the typed name starts (just after the @) and ends (the cursor): the range to replace. */
  from: number;
  to: number;
  query: string;
  names: string[];
}

/**
 * Projects to offer while the user types after @. Names may hold spaces, so the query runs from
 * the @ to the cursor; once no name fits it, the user has moved on to the description.
 */
export function suggestProjects(
  text: string,
  cursor: number,
  names: readonly string[],
  limit = 8,
): ProjectSuggestions | null {
  const before = text.slice(0, cursor);
  const at = before.lastIndexOf('@');
  if (at < 0 || !isSpace(before[at - 1]) || before.slice(at).includes('#')) return null;
  const query = before.slice(at + 1);
  const q = query.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(q));
  if (q.includes(' ') && starts.length === 0) return null;
  const within = q === '' ? [] : names.filter((n) => !n.toLowerCase().startsWith(q) && n.toLowerCase().includes(q));
  const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
  const found = [...starts.sort(byName), ...within.sort(byName)].slice(0, limit);
  return found.length === 0 ? null : { from: at + 1, to: cursor, query, names: found };
}

// A request the contract's schema refused, said in words at the field it is about: "The project
// name is too long: at most 255 characters.", not zod's "Too big: expected string to have <=255
// characters". dispatch() answers every refused call with this, so every form (quick entry, the
// edit forms, settings, adding an account) gets the same words.

import type { z } from 'zod';

/** What the user calls each input a request carries, by its key in the request. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  project: 'The project name',
  name: 'The project name',
  time: 'The time',
  date: 'The date',
  description: 'The description',
  text: 'The entry',
  baseUrl: 'The service address',
  token: 'The token',
  label: 'The account name',
  clientId: 'The client ID',
  clientSecret: 'The client secret',
  authUrl: 'The sign-in address',
  toggleTimer: 'The shortcut',
  quickEntry: 'The shortcut',
  showWindow: 'The shortcut',
  idleThresholdMinutes: 'The idle minutes',
  theme: 'The theme',
  launchAtLogin: 'Launch at login',
  choice: 'The answer',
  line: 'The line',
};

export interface RequestProblem {
  message: string;
  /** The request's path to the value ('changes.project', 'hotkeys.quickEntry'); 'request' for the whole. */
  field: string;
}

const count = (n: number, unit: string) => `${n.toLocaleString('en')} ${unit}${n === 1 ? '' : 's'}`;

/** One issue zod found, in a sentence that names the field and says what it takes. */
export function describeIssue(issue: z.core.$ZodIssue): RequestProblem {
  const path = issue.path.map(String);
  const field = path.join('.') || 'request';
  const key = path.at(-1);
  // Anything else is no input the user typed (an id the window made): named by its path, for a report.
  const named = key !== undefined ? FIELD_WORDS[key] : undefined;
  const words = named ?? (path.length ? `Part of this request (${field})` : 'This request');
  return { field, message: sentence(issue, words) };
}

function sentence(issue: z.core.$ZodIssue, words: string): string {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${words} is too long: at most ${count(max, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${words} has too many items: at most ${max}.`;
      return `${words} is too large: at most ${max}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1
          ? `${words} is empty: write something.`
          : `${words} is too short: at least ${count(min, 'character')}.`;
      return `${words} is too small: at least ${min}.`;
    }
    case 'invalid_type':
      return /received undefined/.test(issue.message)
        ? `${words} is missing.`
        : `${words} is not the right kind of value.`;
    case 'invalid_value':
      return `${words} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Stint does not take ${issue.keys.join(', ')} here.`;
    default:
      return `${words} is not valid.`;
  }
}

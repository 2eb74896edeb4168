// A range of clock times instead of a duration in quick entry: `9:00-10:30`, `9-10:30`, or with an
// en dash `9:00–10:30`. It gives the minutes between them. A range across midnight is refused: an
// entry is one day's work, so the hours after midnight belong to the next day's entry.

import { asciiDigits, grammarOf } from './i18n/grammar/grammar';
import { type Refusal, refusal } from './i18n/grammar/refusal';
import type { Locale } from './i18n/locales';

export type RangeParse = { ok: true; minutes: number } | Refusal;

const TIME = '(\\d{1,2})(?::(\\d{2}))?';
const RANGE = new RegExp(`^${TIME}\\s*[-–]\\s*${TIME}$`);

/** Minutes since midnight of "9", "9:05", "24:00"; null when it is no time of day. */
function clockMinutes(hours: string, minutes: string | undefined): number | null {
  const h = Number(hours);
  const m = Number(minutes ?? 0);
  if (m >= 60 || h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/** Whether the text is written as a range (so a wrong one is refused as a range). The en dash as an escape: the main bundle must stay ASCII (test/unit/build/asciiBundle.test.ts). */
export const looksLikeRange = (text: string): boolean => /^\d{1,2}(?::\d*)?\s*[-\u2013]/.test(text.trim());

/** The minutes from start to end; null when the text is not written as a range at all. */
export function parseTimeRange(text: string, locale: Locale = 'en'): RangeParse | null {
  const grammar = grammarOf(locale);
  const s = text.trim();
  const r = RANGE.exec(asciiDigits(s, grammar));
  const no = (message: string, id: string) => refusal(grammar, message, id, { text: s });
  if (!r) {
    if (!looksLikeRange(asciiDigits(s, grammar))) return null;
    return no(`“${s}” is not a range of times. Write it like 9:00-10:30.`, 'quick-refusals.notARange');
  }
  const start = clockMinutes(r[1]!, r[2]);
  const end = clockMinutes(r[3]!, r[4]);
  if (start === null || end === null)
    return no(`“${s}”: times of day run from 0:00 to 24:00, like 9:00-10:30.`, 'quick-refusals.outsideDay');
  if (end === start) return no(`“${s}” starts and ends at the same time.`, 'quick-refusals.sameTime');
  if (end < start)
    return no(
      `“${s}” ends before it starts. A range across midnight is two entries: log the hours after midnight on the next day.`,
      'quick-refusals.endsBeforeStart',
    );
  return { ok: true, minutes: end - start };
}

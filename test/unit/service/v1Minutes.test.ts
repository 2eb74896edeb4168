// v1 minutes (spec 002 "Entry attributes": minutes "Parsed like the quick-entry box"; GAPS.md
// "Time strings (quick entry and v1 minutes)"). Each case names the rule it tests:
//   002-ex  an example spec 002 states           GAPS-ex  an example GAPS.md says holds
//   GAPS-bare  "a bare whole number up to 9 means hours, 10 and above means minutes"
//   GAPS-dec   "a bare decimal means hours"
//   GAPS-form  "1h30m, 1h 30m, 1.5h and :30 are accepted"
//   GAPS-refuse "anything else is refused with a clear message, never guessed"
//   002-zero   "An entry has ... 0 or more minutes" (v1's lower bound)
//   v2-max     the top is v2's LIMITS.minutes (999,999), not quick entry's one day
//   app-form   a unit spelling the app's parser reads (common/timeString.ts), the same in v1
//   json-num   a JSON number is read as the text it is written as (v1/minutes.ts, decided)
import { describe, expect, it } from 'vitest';
import { parseTimeString } from '../../../common/timeString';
import { parseV1Minutes } from '../../../service/v1/minutes';

const accepted: Array<[string, string | number, number]> = [
  ['002-ex: 0:01 is 1 minute', '0:01', 1],
  ['002-ex: 0:30 is 30 minutes', '0:30', 30],
  ['002-ex: 0.5 is 30 minutes', '0.5', 30],
  ['002-ex: 1 is 1 hour', '1', 60],
  ['002-ex: 5 is 5 hours', '5', 300],
  ['002-ex: 5m is 5 minutes', '5m', 5],
  ['002-ex: a bare 15 is 15 minutes', '15', 15],
  ['002-ex: 15h is 15 hours', '15h', 900],
  ['GAPS-ex: 2h = 120 min', '2h', 120],
  ['GAPS-ex: 30min = 30 min', '30min', 30],
  ['GAPS-bare: 9 is the largest bare number read as hours', '9', 540],
  ['GAPS-bare: 10 is the smallest bare number read as minutes', '10', 10],
  ['GAPS-bare: 45 is minutes', '45', 45],
  ['GAPS-bare: 90 is minutes', '90', 90],
  ['GAPS-bare: 2 is hours', '2', 120],
  ['GAPS-dec: 1.5 is hours', '1.5', 90],
  ['GAPS-dec: 10.5 is hours, though 10 alone is minutes', '10.5', 630],
  ['GAPS-dec: .5 is half an hour', '.5', 30],
  ['GAPS-dec: 0.25 is a quarter hour', '0.25', 15],
  ['GAPS-dec: 0.33 rounds to the nearest minute', '0.33', 20],
  ['GAPS-dec: 1.25 is 75 minutes', '1.25', 75],
  ['GAPS-form: 1h30m', '1h30m', 90],
  ['GAPS-form: 1h 30m', '1h 30m', 90],
  ['GAPS-form: 1.5h', '1.5h', 90],
  ['GAPS-form: :30', ':30', 30],
  ['GAPS-form: HH:MM 1:30', '1:30', 90],
  ['GAPS-form: HH:MM with a leading zero 01:05', '01:05', 65],
  ['GAPS-form: HH:MM past a day 30:00 (v1 has no one-day cap)', '30:00', 1800],
  ['GAPS-form: surrounding whitespace is ignored', '  1:30  ', 90],
  ['GAPS-form: unit letters in upper case', '1H30M', 90],
  ['app-form: 2 h with a space', '2 h', 120],
  ['app-form: 45 min', '45 min', 45],
  ['app-form: 3 hours', '3 hours', 180],
  ['app-form: 1hr 5mins', '1hr 5mins', 65],
  ['002-zero: 0 is an entry of no minutes', '0', 0],
  ['002-zero: 0:00 is an entry of no minutes', '0:00', 0],
  ['002-zero: 0m is an entry of no minutes', '0m', 0],
  ['v2-max: 1500 is 1500 minutes (quick entry would call it a typo)', '1500', 1500],
  ['v2-max: 25h is accepted', '25h', 1500],
  ['v2-max: 999999 minutes is the top', '999999', 999_999],
  ['json-num: the number 90 is "90", 90 minutes', 90, 90],
  ['json-num: the number 5 is "5", 5 hours', 5, 300],
  ['json-num: the number 1.5 is "1.5", 90 minutes', 1.5, 90],
  ['json-num: the number 0 is no minutes', 0, 0],
];

const refused: Array<[string, string | number, RegExp]> = [
  ['GAPS-refuse: a word', 'abc', /not a time/],
  ['GAPS-refuse: empty', '', /Enter a time/],
  ['GAPS-refuse: blank', '   ', /Enter a time/],
  ['GAPS-refuse: HH:M with one minute digit', '1:5', /two digits/],
  ['GAPS-refuse: minutes of 60 or more in HH:MM', '1:75', /below 60/],
  ['GAPS-refuse: minutes of 60 or more beside hours', '1h 75m', /below 60/],
  ['GAPS-refuse: 1h30 without its unit is not guessed', '1h30', /not a time/],
  ['GAPS-refuse: a comma is not a decimal point', '1,5', /not a time/],
  ['GAPS-refuse: seconds', '1:30:00', /not a time/],
  ['GAPS-refuse: days', '1d', /not a time/],
  ['GAPS-refuse: negative', '-1', /negative/],
  ['GAPS-refuse: fractional minutes', '1.5m', /whole number/],
  ['GAPS-refuse: two decimal points', '1.2.3', /not a time/],
  ['GAPS-refuse: trailing words', '5 apples', /not a time/],
  ['v2-max: one more than 999999 minutes', '1000000', /at most 999999 minutes/],
  ['json-num: a number too large to write plainly', 1e21, /not a time/],
];

describe('v1 minutes: accepted time strings', () => {
  it.each(accepted)('%s', (_rule, text, minutes) => {
    expect(parseV1Minutes(text)).toEqual({ ok: true, minutes });
  });
});

describe('v1 minutes: refused time strings, with a message saying why', () => {
  it.each(refused)('%s', (_rule, text, message) => {
    const result = parseV1Minutes(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('v1 reads the forms of quick entry, with its own bounds only', () => {
  it('agrees with the app on every string the app accepts (one grammar, GAPS.md "Time strings")', () => {
    for (const [, text] of accepted) {
      if (typeof text !== 'string') continue;
      const app = parseTimeString(text);
      if (app.ok) expect(parseV1Minutes(text)).toEqual(app);
    }
  });

  it('keeps quick entry as it was: no zero, at most a day', () => {
    expect(parseTimeString('0').ok).toBe(false);
    expect(parseTimeString('25h')).toEqual({ ok: false, message: 'The time must be at most 24 hours.' });
  });
});

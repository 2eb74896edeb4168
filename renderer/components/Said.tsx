// A catalog message shown in the page with its text arguments (durations, clock times, project
// names, notes) each in a <bdi>: in an Arabic or Hebrew sentence "1:30", "+15" or a Latin name
// keeps its own order and does not pull the words beside it into it, and a name with a
// right-to-left override cannot reorder the sentence. Numbers (a plural's count) stay plain
// arguments. Strings for attributes (aria-label, title) use t() with isolated() instead.

import type { JSX } from 'preact';
import { t } from '../app/words';

/** Private-use marks no message or argument contains: where the n-th isolated argument goes. */
const mark = (n: number) => `\uE000${n}\uE001`;
const MARKS = /\uE000(\d+)\uE001/;

/** The parts of message `id`: plain text, and each string argument in its <bdi>. */
export function saidParts(
  id: string,
  values: Readonly<Record<string, string | number>> = {},
): (string | JSX.Element)[] {
  const isolatedValues: string[] = [];
  const marked: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'number') marked[key] = value;
    else {
      marked[key] = mark(isolatedValues.length);
      isolatedValues.push(value);
    }
  }
  // split with a capture group alternates text and the captured index: even places are text.
  return t(id, marked)
    .split(MARKS)
    .map((piece, i) => (i % 2 === 0 ? piece : <bdi key={i}>{isolatedValues[Number(piece)]}</bdi>))
    .filter((piece) => piece !== '');
}

/** `<Said id="window-timers.logMinutes" values={{ time: '0:15' }} />`: the message, its text arguments isolated. */
export function Said({ id, values }: { id: string; values?: Readonly<Record<string, string | number>> }) {
  return <>{saidParts(id, values)}</>;
}

// The pseudo-locale en-XA (locales.ts): English with every letter accented and each message 40 %
// longer, made from the English catalog whenever it is asked for, so it can never fall behind it.
// Only the words are changed: placeholders, plural and select keys and tags stay as they are.

import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { Catalog } from './words';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

const accent = (text: string) => [...text].map((c) => ACCENTED[c] ?? c).join('');

/** A placeholder's share of the 40 % more: it shows a name or a time of a few characters. */
const ARGUMENT_SHARE = '~~';

/**
 * Each literal's letters accented, and its share of the 40 % more added as '~' at its end; an
 * argument gets its share after it, so a short label around a name ("Edit: {what}") grows too.
 */
function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.flatMap((element): MessageFormatElement[] => {
    if (element.type === TYPE.literal) {
      const letters = element.value.replace(/\s/g, '').length;
      return [{ ...element, value: accent(element.value) + '~'.repeat(Math.ceil(letters * 0.4)) }];
    }
    if (element.type === TYPE.argument) return [element, { type: TYPE.literal, value: ARGUMENT_SHARE }];
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return [{ ...element, options } as MessageFormatElement];
    }
    if (element.type === TYPE.tag) return [{ ...element, children: pseudoElements(element.children) }];
    return [element];
  });
}

/**
 * Two '~' more for each plain argument at the top level: a name or a time does not grow, so a
 * sentence of four arguments ("{name}'s timer has {time} on “{was}”…") fell short of 40 % longer.
 */
function padArguments(elements: MessageFormatElement[]): MessageFormatElement[] {
  const args = elements.filter((e) => e.type === TYPE.argument).length;
  if (args === 0) return elements;
  return [...elements, { type: TYPE.literal, value: '~'.repeat(2 * args) }];
}

/** The pseudo-locale's catalog, as syntax trees (intl-messageformat takes them as it takes source). */
export function pseudoCatalog(english: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [
      id,
      padArguments(pseudoElements(typeof message === 'string' ? parse(message) : message)),
    ]),
  );
}

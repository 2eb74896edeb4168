// A parser's refusal: the sentence in English (logs and `stint --json` keep it) and, where the
// user's language is not English, the same sentence as a catalog message of the area
// quick-refusals (ActionError.words), which the window and the command say in that language.

import type { MessageRef } from '../../result';
import type { Grammar } from './grammar';

export type Refusal = { ok: false; message: string; words?: MessageRef };

export function refusal(
  grammar: Grammar,
  message: string,
  id: string,
  values?: Readonly<Record<string, string | number>>,
): Refusal {
  if (grammar.locale === 'en') return { ok: false, message };
  return { ok: false, message, words: values === undefined ? { id } : { id, values } };
}

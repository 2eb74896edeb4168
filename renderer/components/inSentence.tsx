// An element inside a translated sentence: the sentence is asked for with IN_SENTENCE as the
// element's placeholder value, so that the element (a <code>, an account's name in its span) stands
// wherever the language puts it, not where English does.

import type { ComponentChildren } from 'preact';

/** The placeholder value that marks where the element goes. */
export const IN_SENTENCE = '\u0000';

export function inSentence(sentence: string, element: ComponentChildren) {
  const [before, after = ''] = sentence.split(IN_SENTENCE);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

// Fetches the window's words from main before the first paint, so no view ever shows a message id.

import type { StintBridge } from '../../common/contract';
import type { Locale } from '../../common/i18n/locales';
import { createWords } from '../../common/i18n/words';
import { showWords } from './words';

/** Asks main for `locale`'s catalog and shows the window in it; a refusal keeps the words it has. */
export async function loadWords(bridge: StintBridge, locale: Locale): Promise<void> {
  const answer = await bridge.getCatalog({ locale });
  if (answer.ok) showWords(createWords(locale, answer.value));
}

// The unit tests' window speaks English, as main's catalog would make it (renderer/app/loadWords.ts
// does this in the app before the first paint): components render their words, not message ids.
import { createWords } from '../../common/i18n/words';
import { readCatalog } from '../../platform/catalogFiles';
import { showWords } from '../../renderer/app/words';

showWords(createWords('en', readCatalog('en')));

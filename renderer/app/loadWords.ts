// The window's language: fetches its words from main before the first paint, so no view ever shows
// a message id, and follows Snapshot.locale afterwards (Settings › Language, or the system's
// language changing), with no reload: the words' signal repaints every view, and the document's
// lang and dir follow (dir="rtl" mirrors the layout's logical CSS properties).

import { useEffect, useMemo, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { clockIsHour12 } from '../../common/i18n/chosenLocale';
import { directionOf, type Locale } from '../../common/i18n/locales';
import { createWords } from '../../common/i18n/words';
import type { ClockSetting } from '../../common/settings';
import type { Snapshot } from '../../common/snapshot';
import { type DateTimeWords, dateTimeWords } from '../dateTime';
import { showWords, words } from './words';

/** Asks main for `locale`'s catalog and shows the window in it; a refusal keeps the words it has. */
export async function loadWords(bridge: StintBridge, locale: Locale): Promise<void> {
  const answer = await bridge.getCatalog({ locale });
  if (answer.ok) {
    showWords(createWords(locale, answer.value));
    showLanguage(locale);
  }
}

/** The first paint's words: the snapshot's language (one call), English when main cannot say. */
export async function loadFirstWords(bridge: StintBridge): Promise<void> {
  const snapshot = await bridge.getSnapshot({});
  await loadWords(bridge, snapshot.ok ? snapshot.value.locale : 'en');
}

/** The document's language and direction: screen readers, hyphenation, and the mirrored layout. */
function showLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The last language asked for: a quick second change wins over a slow first answer. */
let wanted: Locale | null = null;

/** Follows the snapshot's language: loads another catalog only when it changed. */
export function followLocale(bridge: StintBridge, locale: Locale): void {
  if (locale === (wanted ?? words.value.locale)) return;
  wanted = locale;
  void bridge.getCatalog({ locale }).then((answer) => {
    if (!answer.ok || wanted !== locale) return;
    showWords(createWords(locale, answer.value));
    showLanguage(locale);
  });
}

/**
 * Keeps the window in the snapshot's language while mounted, and gives the clock and dates as the
 * snapshot's format locale writes them, Settings' clock laid over; null until a snapshot came.
 * Root re-renders only when these change, not on every snapshot.
 */
export function useLanguageOf(bridge: StintBridge): DateTimeWords | null {
  const [formats, setFormats] = useState<string | null>(() => formatsKey(bridge.latestSnapshot?.() ?? null));
  useEffect(() => {
    const follow = (snapshot: Snapshot) => {
      followLocale(bridge, snapshot.locale);
      setFormats(formatsKey(snapshot));
    };
    const stop = bridge.onSnapshot(follow);
    void bridge.getSnapshot({}).then((answer) => answer.ok && follow(answer.value));
    return stop;
  }, [bridge]);
  return useMemo(() => {
    if (!formats) return null;
    const [formatLocale, clock] = formats.split('|') as [string, ClockSetting];
    return dateTimeWords(formatLocale, clock === 'locale' ? undefined : clockIsHour12(clock, formatLocale));
  }, [formats]);
}

const formatsKey = (snapshot: Snapshot | null): string | null =>
  snapshot ? `${snapshot.formatLocale}|${snapshot.settings.clock}` : null;

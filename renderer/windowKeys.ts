// Keys the window answers wherever the focus is (on the page's document, not one panel), so they
// work at once after a link moved the focus and keep working when a button that had it is
// disabled or leaves the page. Text fields keep their keys: typing "t" or "/" in a note is text.

import { useEffect, useRef } from 'preact/hooks';
import type { StintBridge } from '../common/contract';

/** The key that focuses quick entry from anywhere in the window (no browser or desktop takes "/" outside text fields). */
export const QUICK_ENTRY_KEY = '/';

/** Whether a key pressed here belongs to the element (a text field, a list, a slider), not to the window. */
export function keyBelongsToField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * Calls `onKey` for a key pressed anywhere in the document, outside text fields and without
 * Alt, Ctrl or Meta (those are the browser's and the desktop's); `onKey` answers whether it took
 * the key, and a taken key does nothing else.
 */
export function useWindowKey(onKey: (key: string) => boolean): void {
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (keyBelongsToField(event.target)) return;
      if (latest.current(event.key)) event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/**
 * "/" focuses quick entry; from the week view or the Activity view (the window's other views; not
 * Settings, which may be a window of its own) it first goes back to the main view, where it is.
 */
export function useQuickEntryKey(bridge?: StintBridge): void {
  useWindowKey((key) => {
    if (key !== QUICK_ENTRY_KEY) return false;
    goToQuickEntry();
    return true;
  });
  // The desktop's quick-entry shortcut (the shell's UI command) too; where quick entry is on
  // screen it focuses itself as well (QuickEntry.tsx), which changes nothing.
  useEffect(
    () =>
      bridge?.onUiCommand((command) => {
        if (command === 'focus-quick-entry') goToQuickEntry();
      }),
    [bridge],
  );
}

function goToQuickEntry(): void {
  if (location.hash === '#week' || location.hash === '#activity') location.hash = '#';
  focusQuickEntryWhenShown();
}

/** Focuses the quick-entry box, waiting a few frames for it to render after a change of view. */
function focusQuickEntryWhenShown(framesLeft = 30): void {
  const box = document.getElementById('quick-input');
  if (box) box.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusQuickEntryWhenShown(framesLeft - 1));
}

// Where the focus goes after an action took away the control that had it (issue 27 item 15): a
// keyboard user goes on from the next sensible control, never from the page's start. The focus is
// moved only while it is lost (on <body>): a user who went on elsewhere meanwhile keeps their place.

/** Whether nothing has the focus: the control that had it left the page. */
export const focusLost = (): boolean => !document.activeElement || document.activeElement === document.body;

/** Focuses `element` if the focus is lost; answers whether it did. */
export function focusIfLost(element: HTMLElement | null | undefined): boolean {
  if (!element || !focusLost()) return false;
  element.focus();
  return true;
}

/**
 * Focuses what `find` answers once it is in the page (a row shown again once main's snapshot
 * arrives), trying on each change to the page for up to `timeoutMs`; meanwhile the user may go on.
 */
export function focusWhenShown(find: () => HTMLElement | null | undefined, timeoutMs = 3_000): void {
  // Until the control that had the focus has left, the focus is not lost: wait for both.
  const tryNow = () => focusIfLost(find());
  if (tryNow()) return;
  const observer = new MutationObserver(() => {
    if (tryNow()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/** The first element of `selector` whose data attribute `name` is `value` (names may hold any character). */
export function byData(selector: string, name: string, value: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.dataset[name] === value);
}

// Things the user must be told that answer no action of theirs: a conflict reconciled while a
// change was sent (the timer was changed elsewhere meanwhile). Announced politely, since nothing
// needs doing, and kept until dismissed.

import { useEffect, useRef } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { NoticeView } from '../../common/snapshot';
import { t } from '../app/words';

export function Notices({ notices, bridge }: { notices: NoticeView[]; bridge: StintBridge }) {
  const list = useRef<HTMLUListElement>(null);
  // Where focus goes once a dismissed notice leaves: the Dismiss button now at its place, so a
  // keyboard user can go through them one after another.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll('button');
    if (buttons && buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
  }, [notices]);

  const dismiss = (id: string, index: number) => {
    focusAt.current = index;
    void bridge.dismissNotice({ id });
  };

  // The live region is always in the page, empty or not: screen readers announce what is added
  // to a region they already know, not a region that appears with its content.
  return (
    <div
      class={notices.length ? 'panel notices' : 'notices'}
      role="status"
      aria-live="polite"
      aria-label={t('window-notices.label')}
      data-testid="notices"
    >
      <ul class="notice-list" ref={list}>
        {notices.map((n, i) => (
          <li key={n.id} class="notice" data-testid="notice">
            <span class="notice-message">{n.message}</span>
            <button
              type="button"
              aria-label={t('window-notices.dismissNamed', { notice: n.message })}
              onClick={() => dismiss(n.id, i)}
            >
              {t('window-notices.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

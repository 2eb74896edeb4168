// "Discarded Website's timer · Undo": a discard or delete waits a few seconds before it is sent
// (main/core/model/undoGrace.ts), and meanwhile the user may take it back. Each line shows until its grace
// ends, announced politely. A keyboard user whose focused button went away with what they
// discarded lands on the new Undo button, and once it is undone, on what came back.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { ellipsize, SUMMARY_IN_LABEL_MAX } from '../../common/cutText';
import type { UndoView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { byData, focusWhenShown } from '../focusAfter';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';

export function UndoBar({ undo, bridge }: { undo: UndoView[]; bridge: StintBridge }) {
  const now = useNowUntil(undo);
  const action = useAction();
  const shown = undo.filter((u) => u.until > now);
  const list = useRef<HTMLUListElement>(null);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    const fresh = shown.filter((u) => !seen.current.has(u.id));
    for (const u of shown) seen.current.add(u.id);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (fresh.length && lost)
      list.current?.querySelector<HTMLButtonElement>(`button[data-id="${fresh.at(-1)!.id}"]`)?.focus();
  }, [undo]);

  // Always in the page: a live region announces what is added to it, not a region that appears.
  return (
    <div
      class={shown.length || action.error ? 'panel undo' : 'undo'}
      role="status"
      aria-live="polite"
      aria-label={t('window-undo.label')}
      data-testid="undo"
    >
      <ul class="notice-list" ref={list}>
        {shown.map((u) => (
          <li key={u.id} class="notice" data-testid="undo-line">
            <span class="notice-message clamp" title={u.summary}>
              {u.summary}
            </span>
            <button
              type="button"
              data-id={u.id}
              aria-label={t('window-undo.undoNamed', { what: ellipsize(u.summary, SUMMARY_IN_LABEL_MAX) })}
              disabled={action.busy}
              onClick={async () => {
                const result = await action.run(() => bridge.undo({ id: u.id }));
                if (result?.ok) focusWhenShown(() => restoredControl(u) ?? nextUndo(list.current, u.id));
              }}
            >
              {t('window-undo.undo')}
            </button>
          </li>
        ))}
      </ul>
      <ErrorLine error={action.error} testId="undo-error" />
    </div>
  );
}

/**
 * Where the focus goes after an undo (issue 27 item 15): the control of what came back (the timer's
 * first button, the entry's), else the next line's Undo.
 */
function restoredControl(u: UndoView): HTMLElement | undefined {
  const back = u.restores;
  if (!back) return undefined;
  const row =
    'timer' in back ? byData('[data-testid="timer"]', 'project', back.timer) : byData('li.entry', 'key', back.entryKey);
  return row?.querySelector<HTMLElement>('button') ?? undefined;
}

function nextUndo(list: HTMLUListElement | null, undone: string): HTMLElement | undefined {
  return [...(list?.querySelectorAll<HTMLElement>('button[data-id]') ?? [])].find((b) => b.dataset.id !== undone);
}

/** The time now; the component renders again when the next line's grace ends, so it goes then. */
function useNowUntil(undo: UndoView[]): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  useEffect(() => {
    const next = Math.min(...undo.map((u) => u.until).filter((until) => until > now));
    if (!Number.isFinite(next)) return;
    const handle = setTimeout(() => setTick((t) => t + 1), next - now + 10);
    return () => clearTimeout(handle);
  });
  return now;
}

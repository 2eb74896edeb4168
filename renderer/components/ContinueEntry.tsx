// "Continue": starts the entry's project's timer with the entry's note, to go on with what it
// was. An entry on no project has no timer to start. The service keeps one timer per project, so
// when that timer already holds time under another note, main refuses to put this note over it
// (field 'timeSoFar') and the user is asked what becomes of that time: logged as its own entry
// (the timer starts again at 0:00 with this note), or kept under this note.
// The question opens on a line of its own under the row, never in the Continue button's place:
// the row's buttons stay where they were, so a second click on Continue meets Continue (disabled
// while asked), not Delete sliding under the pointer (issue 27 item 7). Once answered or
// cancelled, the focus goes back to Continue rather than falling to the page (item 15).

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { EntryView } from '../../common/snapshot';
import type { ActionError } from '../../common/result';
import { isolated } from '../../common/bidi';
import { t } from '../app/words';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { type TimeSoFar, TimeSoFarQuestion } from './TimeSoFarQuestion';

export function useContinueEntry(entry: EntryView, bridge: StintBridge) {
  const action = useAction();
  // main's question about the timer's time so far, until answered or cancelled.
  const [asking, setAsking] = useState<ActionError | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const projectId = entry.projectId ?? null;
  useEffect(() => {
    if (asking !== null || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [asking]);
  const start = async (timeSoFar?: TimeSoFar) => {
    if (projectId === null) return;
    const note = entry.description ? { description: entry.description } : {};
    const result = await action.run(() =>
      bridge.startTimer({ projectId, ...note, ...(timeSoFar ? { timeSoFar } : {}) }),
    );
    const asked = result && !result.ok && result.error.field === 'timeSoFar';
    refocus.current = timeSoFar !== undefined;
    setAsking(asked ? result.error : null);
    if (asked) action.clear();
  };
  const answer = (choice: TimeSoFar | null) => {
    if (choice) return void start(choice);
    refocus.current = true;
    setAsking(null);
  };
  return { action, asking, button, projectId, start, answer };
}

type Continuing = ReturnType<typeof useContinueEntry>;

export function ContinueButton({ state, words }: { state: Continuing; words: string }) {
  const { action, asking, button, projectId, start } = state;
  return (
    <button
      type="button"
      ref={button}
      class="entry-button"
      aria-label={t('window-questions.continueNamed', { entry: isolated(words) })}
      title={projectId === null ? t('window-questions.continueNoProject') : undefined}
      disabled={action.busy || projectId === null || asking !== null}
      onClick={() => void start()}
    >
      {t('window-questions.continue')}
    </button>
  );
}

/** The question, or the refusal, under the row. */
export function ContinueAnswer({ state }: { state: Continuing }) {
  const { action, asking, answer } = state;
  if (asking !== null)
    return (
      <div class="entry-line">
        <TimeSoFarQuestion question={asking} busy={action.busy} onAnswer={answer} />
      </div>
    );
  return action.error ? (
    <div class="entry-line">
      <ErrorLine error={action.error} />
    </div>
  ) : null;
}

// "Continue": starts the entry's project's timer with the entry's note, to go on with what it
// was. An entry on no project has no timer to start. The service keeps one timer per project, so
// when that timer already holds time under another note, main refuses to put this note over it
// (field 'timeSoFar') and the user is asked, in place, what becomes of that time: logged as its
// own entry (the timer starts again at 0:00 with this note), or kept under this note.

import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { RequestOf, StintBridge } from '../../common/contract';
import type { EntryView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

type TimeSoFar = NonNullable<RequestOf<'startTimer'>['timeSoFar']>;

export function ContinueEntry({ entry, words, bridge }: { entry: EntryView; words: string; bridge: StintBridge }) {
  const action = useAction();
  // main's question about the timer's time so far, until answered or cancelled.
  const [asking, setAsking] = useState<string | null>(null);
  const projectId = entry.projectId ?? null;
  const start = async (timeSoFar?: TimeSoFar) => {
    if (projectId === null) return;
    const note = entry.description ? { description: entry.description } : {};
    const result = await action.run(() =>
      bridge.startTimer({ projectId, ...note, ...(timeSoFar ? { timeSoFar } : {}) }),
    );
    const asked = result && !result.ok && result.error.field === 'timeSoFar';
    setAsking(asked ? result.error.message : null);
    if (asked) action.clear();
  };
  if (asking !== null)
    return (
      <TimeSoFarQuestion
        question={asking}
        busy={action.busy}
        onAnswer={(answer) => (answer ? void start(answer) : setAsking(null))}
      />
    );
  return (
    <>
      <button
        type="button"
        class="entry-button"
        aria-label={`Continue ${words}`}
        title={projectId === null ? 'An entry on no project has no timer to continue.' : undefined}
        disabled={action.busy || projectId === null}
        onClick={() => void start()}
      >
        Continue
      </button>
      <ErrorLine error={action.error} />
    </>
  );
}

interface QuestionProps {
  /** main's words: "Website's timer has 0:40 on “write report”: log that time first, or keep it under “call”." */
  question: string;
  busy: boolean;
  /** null: cancelled, the timer left as it is. */
  onAnswer(answer: TimeSoFar | null): void;
}

/** The question asked in place, the focus on its first answer; nothing changes until one is chosen. */
function TimeSoFarQuestion({ question, busy, onAnswer }: QuestionProps) {
  const first = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    first.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with three answers beside an entry, named for screen readers as a group; a fieldset would bring a form's semantics
    <div class="actions" role="group" aria-labelledby={id} data-testid="continue-question">
      <span class="confirm-text clamp" id={id} title={question}>
        {question}
      </span>
      <button type="button" class="primary" ref={first} disabled={busy} onClick={() => onAnswer('log')}>
        Log that time first
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer('keep')}>
        Keep it under this note
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer(null)}>
        Cancel
      </button>
    </div>
  );
}

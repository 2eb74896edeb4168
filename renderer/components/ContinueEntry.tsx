// "Continue": starts the entry's project's timer with the entry's note, to go on with what it
// was. An entry on no project has no timer to start. The service keeps one timer per project, so
// when that timer already holds time under another note, main refuses to put this note over it
// (field 'timeSoFar') and the user is asked, in place, what becomes of that time: logged as its
// own entry (the timer starts again at 0:00 with this note), or kept under this note.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { EntryView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { type TimeSoFar, TimeSoFarQuestion } from './TimeSoFarQuestion';

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

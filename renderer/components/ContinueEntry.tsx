// "Continue": starts the entry's project's timer with the entry's note, to go on with what it
// was. An entry on no project has no timer to start.

import type { StintBridge } from '../../common/contract';
import type { EntryView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function ContinueEntry({ entry, words, bridge }: { entry: EntryView; words: string; bridge: StintBridge }) {
  const action = useAction();
  const projectId = entry.projectId ?? null;
  const start = () =>
    projectId === null
      ? null
      : action.run(() =>
          bridge.startTimer({ projectId, ...(entry.description ? { description: entry.description } : {}) }),
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

// Adds minutes to a timer or takes them off: five at a click, or any time typed ("+15", "-0:10").
// A refused change is said at the field, and what was typed stays there to be corrected.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { parseAdjustment } from '../../common/timeAdjust';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function TimerAdjust({ projectId, name, bridge }: { projectId: number; name: string; bridge: StintBridge }) {
  const action = useAction();
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const errorId = `adjust-error-${projectId}`;
  const error = typedError ? { code: 'invalid_input' as const, message: typedError } : action.error;

  const adjust = async (minutes: number, typed: boolean) => {
    setTypedError(null);
    const result = await action.run(() => bridge.adjustTimer({ projectId, minutes }));
    if (result?.ok && typed) setText('');
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const parsed = parseAdjustment(text);
    if (!parsed.ok) {
      action.clear();
      setTypedError(parsed.message);
      return;
    }
    void adjust(parsed.minutes, true);
  };

  return (
    <form class="timer-adjust" aria-label={`Adjust ${name}`} onSubmit={submit}>
      <button
        type="button"
        class="small"
        aria-label={`Take 5 minutes off ${name}`}
        disabled={action.busy}
        onClick={() => void adjust(-5, false)}
      >
        −5
      </button>
      <button
        type="button"
        class="small"
        aria-label={`Add 5 minutes to ${name}`}
        disabled={action.busy}
        onClick={() => void adjust(5, false)}
      >
        +5
      </button>
      <input
        class="adjust-input"
        aria-label={`Time to add to ${name}`}
        placeholder="+15 or -0:10"
        value={text}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? errorId : undefined}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
      />
      <button type="submit" class="small" disabled={action.busy}>
        Adjust
      </button>
      <ErrorLine error={error} id={errorId} testId="adjust-error" />
    </form>
  );
}

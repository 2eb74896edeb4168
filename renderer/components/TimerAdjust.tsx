// Adds minutes to a timer or takes them off: five at a click, or any time typed ("+15", "-0:10";
// a bare number is minutes, as the buttons beside it). What is typed is previewed before Enter
// ("→ 0:25"), a change of more than an hour asks once in place, and a refused change is said at
// the field, what was typed staying there to be corrected. While a change is on its way the buttons
// say so (aria-disabled) but keep the focus: a disabled button would drop it to the page.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { adjustPreview, parseAdjustment } from '../../common/timeAdjust';
import { useMinutes, useTimeFormat } from '../timeFormat';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';
import { isolated } from '../../common/bidi';
import { Said } from './Said';

interface Props {
  projectId: number;
  name: string;
  /** The timer's live seconds: the preview counts from them. */
  seconds: number;
  bridge: StintBridge;
}

export function TimerAdjust({ projectId, name, seconds, bridge }: Props) {
  const { action, text, error, preview, asking, adjust, submit, onInput, keep } = useAdjustInput(
    projectId,
    seconds,
    bridge,
  );
  const errorId = `adjust-error-${projectId}`;
  const previewId = `adjust-preview-${projectId}`;
  const belowZero = seconds < 5 * 60;
  const formatMinutes = useMinutes();

  return (
    <form class="timer-adjust" aria-label={t('window-timers.adjustNamed', { name: isolated(name) })} onSubmit={submit}>
      <button
        type="button"
        class="small"
        aria-label={t('window-timers.takeFiveOffNamed', { name: isolated(name) })}
        title={belowZero ? t('window-timers.stopsAt', { time: formatMinutes(0) }) : undefined}
        aria-disabled={action.busy}
        onClick={() => {
          if (!action.busy) void adjust(-5, false);
        }}
      >
        −5
      </button>
      <button
        type="button"
        class="small"
        aria-label={t('window-timers.addFiveNamed', { name: isolated(name) })}
        aria-disabled={action.busy}
        onClick={() => {
          if (!action.busy) void adjust(5, false);
        }}
      >
        +5
      </button>
      <input
        class="adjust-input"
        aria-label={t('window-timers.timeToAddNamed', { name: isolated(name) })}
        placeholder={t('window-timers.adjustPlaceholder')}
        value={text}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? errorId : preview ? previewId : undefined}
        onInput={onInput}
      />
      <button type="submit" class="small" aria-disabled={action.busy}>
        {t('window-timers.adjust')}
      </button>
      {preview && !error && (
        <span class="adjust-preview" id={previewId} data-testid="adjust-preview" aria-live="polite">
          <bdi>{preview.text}</bdi>
        </span>
      )}
      {asking !== null && preview && (
        <LargeAdjustConfirm
          name={name}
          minutes={asking}
          after={preview.minutes}
          onYes={() => void adjust(asking, true)}
          onNo={keep}
        />
      )}
      <ErrorLine error={error} id={errorId} testId="adjust-error" />
    </form>
  );
}

/** The adjust form's state: what is typed, its preview, the large change asked about, and the calls. */
function useAdjustInput(projectId: number, seconds: number, bridge: StintBridge) {
  const action = useAction();
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  // The large change the user is asked about (minutes), until answered or the text changes.
  const [asking, setAsking] = useState<number | null>(null);
  const error = typedError ? { code: 'invalid_input' as const, message: typedError } : action.error;
  const parsed = text.trim() ? parseAdjustment(text) : null;
  const preview = parsed?.ok ? adjustPreview(seconds, parsed.minutes, useTimeFormat()) : null;

  const adjust = async (minutes: number, typed: boolean) => {
    setTypedError(null);
    setAsking(null);
    const result = await action.run(() => bridge.adjustTimer({ projectId, minutes }));
    if (result?.ok && typed) setText('');
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (action.busy) return;
    const read = parsed ?? parseAdjustment('');
    if (!read.ok) {
      action.clear();
      setTypedError(read.message);
      return;
    }
    if (preview?.large && asking !== read.minutes) {
      setAsking(read.minutes);
      return;
    }
    void adjust(read.minutes, true);
  };
  const onInput = (e: Event) => {
    setText((e.target as HTMLInputElement).value);
    setTypedError(null);
    setAsking(null);
  };
  const keep = () => setAsking(null);
  return { action, text, error, preview, asking, adjust, submit, onInput, keep };
}

interface ConfirmProps {
  name: string;
  minutes: number;
  after: number;
  onYes: () => void;
  onNo: () => void;
}

/** "Add 5:00 to Website (→ 5:25)?" asked in place: more than an hour at once is more often a slip than meant. */
function LargeAdjustConfirm({ name, minutes, after, onYes, onNo }: ConfirmProps) {
  const formatMinutes = useMinutes();
  const values = { time: formatMinutes(Math.abs(minutes)), name, after: formatMinutes(after) };
  const id = minutes > 0 ? 'window-timers.addLargeQuestion' : 'window-timers.takeOffLargeQuestion';
  // The group's name is a string (isolated where the name could reorder it); the shown question isolates each value.
  const question = t(id, { ...values, name: isolated(values.name) });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with two answers inside the adjust form, named for screen readers as a group
    <div class="actions" role="group" aria-label={question} data-testid="adjust-confirm">
      <span class="confirm-text">
        <Said id={id} values={values} />
      </span>
      <button type="button" class="primary" onClick={onYes}>
        {minutes > 0 ? t('window-timers.add') : t('window-timers.takeOff')}
      </button>
      <button type="button" onClick={onNo}>
        {t('window-timers.keep')}
      </button>
    </div>
  );
}

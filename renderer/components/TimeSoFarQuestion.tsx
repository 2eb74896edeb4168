// The question main's refusal of a note over a timer's time becomes (startTimer, field
// 'timeSoFar'; issue 22 item 6): the service keeps one timer per project, so the user says what
// becomes of the time so far: logged as its own entry first, kept under the new note, or nothing.

import { useEffect, useId, useRef } from 'preact/hooks';
import type { RequestOf } from '../../common/contract';
import type { ActionError } from '../../common/result';
import { t } from '../app/words';

export type TimeSoFar = NonNullable<RequestOf<'startTimer'>['timeSoFar']>;

interface QuestionProps {
  /**
   * main's refusal that asks it: "Website's timer has 0:40 on “write report”: log that time
   * first, or keep it under “call”.", said in the window's language when it names its message.
   */
  question: ActionError;
  busy: boolean;
  /** null: cancelled, the timer left as it is. */
  onAnswer(answer: TimeSoFar | null): void;
}

/** The question asked in place, the focus on its first answer; nothing changes until one is chosen. */
export function TimeSoFarQuestion({ question: asked, busy, onAnswer }: QuestionProps) {
  const question = asked.words ? t(asked.words.id, asked.words.values) : asked.message;
  const first = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    first.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with three answers in place, named for screen readers as a group; a fieldset would bring a form's semantics
    <div class="actions" role="group" aria-labelledby={id} data-testid="time-so-far-question">
      <span class="confirm-text clamp" id={id} title={question}>
        {question}
      </span>
      <button type="button" class="primary" ref={first} disabled={busy} onClick={() => onAnswer('log')}>
        {t('window-questions.logTimeFirst')}
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer('keep')}>
        {t('window-questions.keepUnderNote')}
      </button>
      <button type="button" disabled={busy} onClick={() => onAnswer(null)}>
        {t('window-common.cancel')}
      </button>
    </div>
  );
}

// The question after time away from a running timer (main/core/desktop/idle/policy.ts): keep that time,
// take it off the timer, take it off and pause, or move it to another project as an entry from a
// quick-entry line without the time ("@Acme #meeting lunch", as Harvest and Toggl offer). Shown at the top of the window as an alert
// dialog that takes the focus when it appears (on Keep, the choice that changes nothing) and gives
// it back when answered; Escape keeps. When the timer stopped meanwhile it only informs.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { idleMessageWords, idleMinutes } from '../../common/idleText';
import { t } from '../app/words';
import { Said } from './Said';
import type { IdlePromptView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { useDateTime } from '../dateTime';
import { useTimeFormat } from '../timeFormat';
import { ErrorLine } from './ErrorLine';

type Choice = 'keep' | 'discard' | 'discard-and-pause';

export function IdlePrompt({ idle, bridge }: { idle: IdlePromptView | null; bridge: StintBridge }) {
  const action = useAction();
  const format = useTimeFormat();
  const dates = useDateTime();
  const keep = useRef<HTMLButtonElement>(null);
  const [moveLine, setMoveLine] = useState('');
  // A new return is a new question: focus comes back to it even if the last one was answered.
  const question = idle ? `${idle.projectId}@${idle.idleSince}-${idle.returnedAt}` : null;
  useEffect(() => {
    if (question === null) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    keep.current?.focus();
    return () => {
      if (before?.isConnected && before !== document.body) before.focus();
    };
  }, [question]);

  if (!idle) return null;
  const choose = (choice: Choice) => void action.run(() => bridge.resolveIdle({ choice }));
  const move = (event: Event) => {
    event.preventDefault();
    void action.run(() => bridge.resolveIdle({ choice: 'move', line: moveLine }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    choose('keep');
  };

  return (
    <section
      class="panel idle-prompt"
      role="alertdialog"
      aria-labelledby="idle-title"
      aria-describedby="idle-message"
      data-testid="idle-prompt"
      onKeyDown={onKeyDown}
    >
      <h2 id="idle-title">{t('window-questions.idleTitle')}</h2>
      <p id="idle-message">
        <Said {...idleMessageWords(idle, t, dates.when)} />
      </p>
      <div class="idle-actions">
        <button type="button" ref={keep} class="primary" disabled={action.busy} onClick={() => choose('keep')}>
          {idle.timerRunning ? t('window-timers.keep') : t('window-common.ok')}
        </button>
        {idle.timerRunning && (
          <>
            <button type="button" disabled={action.busy} onClick={() => choose('discard')}>
              <Said id={'window-questions.idleDiscard'} values={{ time: idleMinutes(idle, format) }} />
            </button>
            <button type="button" disabled={action.busy} onClick={() => choose('discard-and-pause')}>
              {t('window-questions.idleDiscardAndPause')}
            </button>
          </>
        )}
      </div>
      {idle.timerRunning && (
        <form class="idle-move" aria-label={t('window-questions.idleMoveLabel')} onSubmit={move}>
          <label>
            {t('window-questions.idleMoveTo')}
            <input
              type="text"
              value={moveLine}
              placeholder={t('window-questions.idleMovePlaceholder')}
              data-testid="idle-move-line"
              aria-describedby={action.error ? 'idle-prompt-error' : undefined}
              onInput={(e) => setMoveLine((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" disabled={action.busy || moveLine.trim() === ''}>
            {t('window-questions.idleMove')}
          </button>
        </form>
      )}
      <ErrorLine error={action.error} id="idle-prompt-error" testId="idle-error" />
    </section>
  );
}

// A timer's note, changed in place: Enter saves, Escape puts it back as it was. A refused note
// keeps the text typed, with the reason under it.

import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';
import { isolated } from '../../common/bidi';

export function TimerNote({
  projectId,
  name,
  note,
  bridge,
}: {
  projectId: number;
  name: string;
  note: string | null;
  bridge: StintBridge;
}) {
  const action = useAction();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note ?? '');
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const errorId = `note-error-${projectId}`;
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const close = () => {
    setEditing(false);
    action.clear();
    // Back to the button that opened it, so a keyboard user is where they were.
    setTimeout(() => opener.current?.focus(), 0);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(() => bridge.setTimerNote({ projectId, description: text }));
    if (result?.ok) close();
  };

  if (!editing)
    return (
      <NoteShown
        note={note}
        name={name}
        opener={opener}
        onOpen={() => {
          setText(note ?? '');
          setEditing(true);
        }}
      />
    );

  return (
    <form class="timer-note" aria-label={t('window-timers.noteNamed', { name: isolated(name) })} onSubmit={save}>
      <input
        ref={input}
        aria-label={t('window-timers.noteNamed', { name: isolated(name) })}
        value={text}
        maxLength={10_000}
        aria-invalid={action.error ? 'true' : undefined}
        aria-describedby={action.error ? errorId : undefined}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          }
        }}
      />
      <button type="submit" class="small" disabled={action.busy}>
        {t('window-common.save')}
      </button>
      <button type="button" class="small" onClick={close}>
        {t('window-common.cancel')}
      </button>
      <ErrorLine error={action.error} id={errorId} testId="note-error" />
    </form>
  );
}

interface ShownProps {
  note: string | null;
  name: string;
  /** The button that opens the note, which the focus goes back to when it closes. */
  opener: Ref<HTMLButtonElement>;
  onOpen: () => void;
}

/** The note as it is, with the button that opens it for a change. */
function NoteShown({ note, name, opener, onOpen }: ShownProps) {
  return (
    <div class="timer-note">
      {note && (
        <span class="timer-description clamp" data-testid="timer-note" title={note}>
          {note}
        </span>
      )}
      <button
        type="button"
        class="small link"
        ref={opener}
        aria-label={
          note
            ? t('window-timers.editNoteNamed', { name: isolated(name) })
            : t('window-timers.addNoteNamed', { name: isolated(name) })
        }
        onClick={onOpen}
      >
        {note ? t('window-timers.editNote') : t('window-timers.addNote')}
      </button>
    </div>
  );
}

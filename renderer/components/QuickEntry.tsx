// The quick-entry box: "1:30 @Website #meeting call with the client" logs an entry for today,
// "yesterday 9:00-10:30 @Website" for another day. It previews what it understood while you type,
// suggests @project names (recently used first), submits on Enter, and shows the reason in place
// when the text is refused, keeping the text so it can be fixed. A new project name that looks like
// a typo of a known one takes a second Enter, so "Remtoe" is never created by accident.

import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ResponseOf, StintBridge } from '../../common/contract';
import { t } from '../app/words';
import { dayName } from '../entryWords';
import { exampleTime } from '../../common/format';
import { PICKER_LIMIT, recentProjectNames } from '../../common/projectOrder';
import { refuseArchived } from '../../common/archivedProject';
import { parseQuickEntry, suggestProjects } from '../../common/quickEntry';
import type { Locale } from '../../common/i18n/locales';
import { words } from '../app/words';
import type { ActionError } from '../../common/result';
import type { ProjectView, Snapshot } from '../../common/snapshot';
import { useAction } from '../hooks';
import { type DoneWords, doneWords } from '../quickEntryMessage';
import { useTimeFormat } from '../timeFormat';
import { isPastedDay } from '../pastedLines';
import { applySuggestion, renameProject } from '../suggestion';
import { ErrorLine } from './ErrorLine';
import { PasteDay } from './PasteDay';
import { QuickPreview } from './QuickPreview';

interface Props {
  projects: ProjectView[];
  /** Snapshot.recentProjectIds: the @suggestions offer these first. */
  recentProjectIds: readonly number[];
  /** Local YYYY-MM-DD (Snapshot.today.date): day words count back from it. */
  today: string;
  /** What became of each operation (Snapshot.operations): the answer after Enter says "Logged" only once the service has the entry. */
  operations?: Snapshot['operations'];
  bridge: StintBridge;
}

type Logged = ResponseOf<'quickEntry'>;
type Pasted = ResponseOf<'logLines'>;

export function QuickEntry({ projects, recentProjectIds, today, operations, bridge }: Props) {
  const { input, text, parsed, enabled, list, action, done, setDone, pasted, setPasted, confirming, ...handlers } =
    useQuickEntry(projects, recentProjectIds, today, bridge);
  const format = useTimeFormat();
  const wordsFor = (answer: Logged | Pasted) => doneWords(answer, today, { operations, format });
  const said = done ? wordsFor(done) : null;
  const { edit, accept, submit, takeSuggested, onKeyDown, setCursor } = handlers;
  const { suggestions, open, activeIndex } = list;
  const describedBy = action.error ? 'quick-error' : parsed ? 'quick-preview' : 'quick-help';

  return (
    <section class="panel" aria-labelledby="quick-heading">
      <h2 id="quick-heading">{t('window-quick.title')}</h2>
      <form
        class="quick"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label for="quick-input" class="label">
          {t('window-quick.logFor', { day: lineDay(parsed, today) })}
        </label>
        <div class="combo">
          <QuickInput
            input={input}
            text={text}
            activeOption={open ? `quick-suggestion-${activeIndex}` : undefined}
            invalid={action.error !== null}
            describedBy={describedBy}
            busy={action.busy}
            onEdit={edit}
            onKeyDown={onKeyDown}
            onCursor={setCursor}
            onBlur={list.dismiss}
            onPastedDay={(clip) => {
              setPasted(clip);
              setDone(null);
            }}
          />
          <SuggestionList suggestions={suggestions} activeIndex={activeIndex} open={open} onPick={accept} />
        </div>
        {pasted !== null && (
          <PasteDay
            initial={pasted}
            projects={enabled}
            today={today}
            bridge={bridge}
            wordsFor={wordsFor}
            onClose={(said) => {
              setPasted(null);
              setDone(said);
              input.current?.focus();
            }}
          />
        )}
        <QuickFeedback
          error={action.error}
          projects={projects}
          parsed={parsed}
          today={today}
          confirming={confirming}
          onUseSuggested={takeSuggested}
          done={said}
          boxEmpty={!text}
        />
      </form>
    </section>
  );
}

/** The day the typed line logs to, for the box's label: "today", "yesterday (Mon 24 Nov)", "Fri 21 Nov". */
function lineDay(parsed: ReturnType<typeof parseQuickEntry> | null, today: string): string {
  return dayName(parsed?.ok ? parsed.date : today, today);
}

/** The quick entry's text and caret, its suggestions, and what Enter, a pick or a paste does with them. */
function useQuickEntry(
  projects: ProjectView[],
  recentProjectIds: readonly number[],
  today: string,
  bridge: StintBridge,
) {
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  // What the last Enter or paste queued: its words follow its operations' status.
  const [done, setDone] = useState<Logged | Pasted | null>(null);
  // Several lines pasted at once: a day to log, previewed line by line (PasteDay).
  const [pasted, setPasted] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const action = useAction();
  const caretAfterRender = useCaretAfterRender(input, text);
  useFocusOnQuickEntryCommand(bridge, input);

  // The window's language: the line reads its day words, units and decimal comma besides English's.
  const locale = words.value.locale;
  const enabled = useMemo(() => projects.filter((p) => p.enabled), [projects]);
  const names = useMemo(() => enabled.map((p) => p.name), [enabled]);
  const recent = useMemo(() => recentProjectNames(projects, recentProjectIds), [projects, recentProjectIds]);
  // Read against every name, an archived project's too, so a line naming one is refused with the reason.
  const parsed = useMemo(
    () => (text.trim() ? refuseArchived(parseQuickEntry(text, allNames(projects), today, locale), projects) : null),
    [text, projects, today, locale],
  );
  const list = useProjectSuggestions(text, cursor, names, recent);
  const { suggested } = list;

  const edit = (value: string, at: number) => {
    setText(value);
    setCursor(at);
    list.reset();
    setDone(null);
    action.clear();
  };

  const accept = (name: string) => {
    if (!suggested) return;
    const next = applySuggestion(text, suggested, name);
    edit(next.text, next.cursor);
    list.dismiss();
    caretAfterRender.current = next.cursor;
  };

  const { submit, confirming } = useConfirmedSubmit({ text, parsed }, action, bridge, (logged) => {
    setText('');
    setCursor(0);
    setDone(logged);
  });

  const takeSuggested = (name: string) => {
    if (!parsed?.ok || !parsed.projectName) return;
    const next = renameProject(text, parsed.projectName, name);
    if (!next) return;
    edit(next.text, next.cursor);
    input.current?.focus();
    caretAfterRender.current = next.cursor;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (list.onKey(event, accept)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  const state = { input, text, parsed, enabled, list, action, done, setDone, pasted, setPasted, confirming };
  return { ...state, edit, accept, submit, takeSuggested, onKeyDown, setCursor };
}

// Where the caret goes after an accepted suggestion. Applied right after the render that shows
// the new text, before the next keystroke: a later moment (a frame later) would pull the caret
// back over what a fast typist typed meanwhile.
function useCaretAfterRender(input: RefObject<HTMLInputElement | null>, text: string) {
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null || !input.current) return;
    caretAfterRender.current = null;
    input.current.setSelectionRange(at, at);
  }, [text]);
  return caretAfterRender;
}

// The quick-entry hotkey shows the window and asks for this box.
function useFocusOnQuickEntryCommand(bridge: StintBridge, input: RefObject<HTMLInputElement | null>) {
  useEffect(
    () =>
      bridge.onUiCommand((command) => {
        if (command === 'focus-quick-entry') input.current?.focus();
      }),
    [bridge],
  );
}

interface SuggestionListProps {
  suggestions: string[];
  activeIndex: number;
  open: boolean;
  onPick: (name: string) => void;
}

/** The @project suggestions the input owns as its listbox. */
function SuggestionList({ suggestions, activeIndex, open, onPick }: SuggestionListProps) {
  const label = t('window-quick.projects');
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (tested): a list of suggestions that the input owns as its listbox
    <ul id="quick-suggestions" role="listbox" aria-label={label} class="suggestions" hidden={!open}>
      {suggestions.map((name, i) => (
        // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input, which points at the active option (aria-activedescendant), as the combobox pattern has it
        <li
          key={name}
          id={`quick-suggestion-${i}`}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's options (see the listbox above)
          role="option"
          aria-selected={i === activeIndex}
          // mousedown, not click: it must land before the input's blur closes the list.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(name);
          }}
        >
          @{name}
        </li>
      ))}
    </ul>
  );
}

interface FeedbackProps {
  error: ActionError | null;
  projects: readonly ProjectView[];
  parsed: ReturnType<typeof parseQuickEntry> | null;
  today: string;
  confirming: boolean;
  onUseSuggested: (name: string) => void;
  /** What was logged, shown while the box is empty again; confirmed: false until the service has it. */
  done: DoneWords | null;
  boxEmpty: boolean;
}

/** Under the box: the refusal, else the preview of what was understood, else the help, and what was logged. */
function QuickFeedback({ error, projects, parsed, today, confirming, onUseSuggested, done, boxEmpty }: FeedbackProps) {
  return (
    <>
      <ErrorLine error={error} id="quick-error" testId="quick-error" />
      {!error && parsed && (
        <QuickPreview
          parsed={parsed}
          projects={projects}
          today={today}
          confirming={confirming}
          onUseSuggested={onUseSuggested}
        />
      )}
      {!error && !parsed && !done && (
        <p class="hint" id="quick-help">
          {t('window-quick.help', { range: '9:00-10:30', date: '2025-03-10' })}
        </p>
      )}
      {done && boxEmpty && <DoneLine done={done} />}
    </>
  );
}

/** The answer to the last Enter or paste: green once the service has it all, plain while it is only saved here. */
function DoneLine({ done }: { done: DoneWords }) {
  const { text, confirmed } = done;
  return (
    <p class={`done clamp${confirmed ? '' : ' queued'}`} role="status" data-testid="quick-done" title={text}>
      {text}
    </p>
  );
}

/** The @project suggestions for the word at the caret: which is active, and the keys that work the list. */
function useProjectSuggestions(text: string, cursor: number, names: string[], recent: string[]) {
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const suggested = dismissed ? null : suggestProjects(text, cursor, names, { limit: PICKER_LIMIT, recent });
  const suggestions = suggested?.names ?? [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);
  // Enter completes a name, but once the whole name is typed it logs the entry as it stands.
  const typedInFull = open && suggested!.query.toLowerCase() === suggestions[activeIndex]!.toLowerCase();

  // A long list scrolls: keep the option the arrows reached in sight.
  useLayoutEffect(() => {
    if (open) document.getElementById(`quick-suggestion-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  /** Arrows move through the open list, Tab or Enter take the active name, Escape closes it; false when the key is not the list's. */
  const onKey = (event: KeyboardEvent, accept: (name: string) => void): boolean => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (open && (event.key === 'Tab' || (event.key === 'Enter' && !typedInFull)) && !event.shiftKey) {
      event.preventDefault();
      accept(suggestions[activeIndex]!);
    } else if (open && event.key === 'Escape') {
      event.preventDefault();
      setDismissed(true);
    } else {
      return false;
    }
    return true;
  };
  const reset = () => {
    setActive(0);
    setDismissed(false);
  };
  const dismiss = () => setDismissed(true);
  return { suggested, suggestions, open, activeIndex, onKey, reset, dismiss };
}

interface QuickInputProps {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  /** The id of the suggestion the arrows reached, while the list is open. */
  activeOption: string | undefined;
  invalid: boolean;
  describedBy: string;
  busy: boolean;
  onEdit: (value: string, cursor: number) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onCursor: (at: number) => void;
  onBlur: () => void;
  /** Several lines pasted at once: a day to log. */
  onPastedDay: (clip: string) => void;
}

/** The combobox input the quick entry is typed in. */
function QuickInput(props: QuickInputProps) {
  return (
    <input
      id="quick-input"
      ref={props.input}
      data-testid="quick-input"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={props.activeOption !== undefined}
      aria-controls="quick-suggestions"
      aria-activedescendant={props.activeOption}
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
      autocomplete="off"
      spellcheck={false}
      placeholder={t('window-quick.placeholder', { time: exampleTime(useTimeFormat()) })}
      value={props.text}
      onInput={(e) =>
        props.onEdit(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length)
      }
      onKeyDown={props.onKeyDown}
      onKeyUp={(e) => props.onCursor(e.currentTarget.selectionStart ?? 0)}
      onClick={(e) => props.onCursor(e.currentTarget.selectionStart ?? 0)}
      onBlur={props.onBlur}
      onPaste={(e) => {
        const clip = e.clipboardData?.getData('text/plain') ?? '';
        if (!isPastedDay(clip)) return;
        // An input would join the lines into one: they go to the pasted-day panel instead.
        e.preventDefault();
        props.onPastedDay(clip);
      }}
      readOnly={props.busy}
    />
  );
}

/**
 * Enter on the quick entry: logs the text, except that a likely typo in a new project's name
 * takes a second Enter on the same text first.
 */
function useConfirmedSubmit(
  { text, parsed }: { text: string; parsed: ReturnType<typeof parseQuickEntry> | null },
  action: ReturnType<typeof useAction>,
  bridge: StintBridge,
  onLogged: (logged: ResponseOf<'quickEntry'>) => void,
) {
  // The text on which Enter was pressed once despite a likely typo in a new project's name.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const submit = async () => {
    if (!text.trim()) return;
    if (parsed?.ok && parsed.didYouMean && confirmed !== text) {
      setConfirmed(text);
      return;
    }
    const result = await action.run(() => bridge.quickEntry(withLocale(text)));
    if (result?.ok) {
      setConfirmed(null);
      onLogged(result.value);
    }
  };
  return { submit, confirming: confirmed === text };
}

const allNames = (projects: readonly ProjectView[]) => projects.map((p) => p.name);

/** The request of a line typed in the window's language; English, main's default, goes unnamed. */
function withLocale(text: string): { text: string; locale?: Locale } {
  const { locale } = words.value;
  return locale === 'en' ? { text } : { text, locale };
}

// The quick-entry box: "1:30 @Website #meeting call with the client" logs an entry for today,
// "yesterday 9:00-10:30 @Website" for another day. It previews what it understood while you type,
// suggests @project names (recently used first), submits on Enter, and shows the reason in place
// when the text is refused, keeping the text so it can be fixed. A new project name that looks like
// a typo of a known one takes a second Enter, so "Remtoe" is never created by accident.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { PICKER_LIMIT, recentProjectNames } from '../../common/projectOrder';
import { parseQuickEntry, suggestProjects } from '../../common/quickEntry';
import type { ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { loggedMessage } from '../quickEntryMessage';
import { isPastedDay } from '../pastedLines';
import { applySuggestion } from '../suggestion';
import { ErrorLine } from './ErrorLine';
import { PasteDay } from './PasteDay';
import { QuickPreview } from './QuickPreview';

interface Props {
  projects: ProjectView[];
  /** Snapshot.recentProjectIds: the @suggestions offer these first. */
  recentProjectIds: readonly number[];
  /** Local YYYY-MM-DD (Snapshot.today.date): day words count back from it. */
  today: string;
  bridge: StintBridge;
}

export function QuickEntry({ projects, recentProjectIds, today, bridge }: Props) {
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The text on which Enter was pressed once despite a likely typo in a new project's name.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  // Several lines pasted at once: a day to log, previewed line by line (PasteDay).
  const [pasted, setPasted] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const action = useAction();
  // Where the caret goes after an accepted suggestion. Applied right after the render that shows
  // the new text, before the next keystroke: a later moment (a frame later) would pull the caret
  // back over what a fast typist typed meanwhile.
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null || !input.current) return;
    caretAfterRender.current = null;
    input.current.setSelectionRange(at, at);
  }, [text]);

  // The quick-entry hotkey shows the window and asks for this box.
  useEffect(
    () =>
      bridge.onUiCommand((command) => {
        if (command === 'focus-quick-entry') input.current?.focus();
      }),
    [bridge],
  );

  const names = useMemo(() => projects.filter((p) => p.enabled).map((p) => p.name), [projects]);
  const recent = useMemo(() => recentProjectNames(projects, recentProjectIds), [projects, recentProjectIds]);
  const parsed = useMemo(() => (text.trim() ? parseQuickEntry(text, names, today) : null), [text, names, today]);
  const suggested = dismissed ? null : suggestProjects(text, cursor, names, { limit: PICKER_LIMIT, recent });
  const suggestions = suggested?.names ?? [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);
  // Enter completes a name, but once the whole name is typed it logs the entry as it stands.
  const typedInFull = open && suggested!.query.toLowerCase() === suggestions[activeIndex]!.toLowerCase();

  const edit = (value: string, at: number) => {
    setText(value);
    setCursor(at);
    setActive(0);
    setDismissed(false);
    setDone(null);
    action.clear();
  };

  const accept = (name: string) => {
    if (!suggested) return;
    const next = applySuggestion(text, suggested, name);
    edit(next.text, next.cursor);
    setDismissed(true);
    caretAfterRender.current = next.cursor;
  };

  const submit = async () => {
    if (!text.trim()) return;
    if (parsed?.ok && parsed.didYouMean && confirmed !== text) {
      setConfirmed(text);
      return;
    }
    const result = await action.run(() => bridge.quickEntry({ text }));
    if (result?.ok) {
      setText('');
      setCursor(0);
      setConfirmed(null);
      setDone(loggedMessage(result.value, today));
    }
  };

  const takeSuggested = (name: string) => {
    if (!parsed?.ok || !parsed.projectName) return;
    const at = text.indexOf(`@${parsed.projectName}`);
    if (at < 0) return;
    const next = `${text.slice(0, at + 1)}${name}${text.slice(at + 1 + parsed.projectName.length)}`;
    edit(next, at + 1 + name.length);
    input.current?.focus();
    caretAfterRender.current = at + 1 + name.length;
  };

  const onKeyDown = (event: KeyboardEvent) => {
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
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  // A long list scrolls: keep the option the arrows reached in sight.
  useLayoutEffect(() => {
    if (open) document.getElementById(`quick-suggestion-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  const describedBy = action.error ? 'quick-error' : parsed ? 'quick-preview' : 'quick-help';

  return (
    <section class="panel" aria-labelledby="quick-heading">
      <h2 id="quick-heading">Quick entry</h2>
      <form
        class="quick"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label for="quick-input" class="label">
          Log time for today
        </label>
        <div class="combo">
          <input
            id="quick-input"
            ref={input}
            data-testid="quick-input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls="quick-suggestions"
            aria-activedescendant={open ? `quick-suggestion-${activeIndex}` : undefined}
            aria-invalid={action.error !== null}
            aria-describedby={describedBy}
            autocomplete="off"
            spellcheck={false}
            placeholder="1:30 @Project #tag what you did"
            value={text}
            onInput={(e) => edit(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length)}
            onKeyDown={onKeyDown}
            onKeyUp={(e) => setCursor(e.currentTarget.selectionStart ?? 0)}
            onClick={(e) => setCursor(e.currentTarget.selectionStart ?? 0)}
            onBlur={() => setDismissed(true)}
            onPaste={(e) => {
              const clip = e.clipboardData?.getData('text/plain') ?? '';
              if (!isPastedDay(clip)) return;
              // An input would join the lines into one: they go to the pasted-day panel instead.
              e.preventDefault();
              setPasted(clip);
              setDone(null);
            }}
            readOnly={action.busy}
          />
          {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (tested): a list of suggestions that the input owns as its listbox */}
          <ul id="quick-suggestions" role="listbox" aria-label="Projects" class="suggestions" hidden={!open}>
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
                  accept(name);
                }}
              >
                @{name}
              </li>
            ))}
          </ul>
        </div>
        {pasted !== null && (
          <PasteDay
            initial={pasted}
            names={names}
            today={today}
            bridge={bridge}
            onClose={(said) => {
              setPasted(null);
              setDone(said);
              input.current?.focus();
            }}
          />
        )}
        <ErrorLine error={action.error} id="quick-error" testId="quick-error" />
        {!action.error && parsed && (
          <QuickPreview parsed={parsed} today={today} confirming={confirmed === text} onUseSuggested={takeSuggested} />
        )}
        {!action.error && !parsed && !done && (
          <p class="hint" id="quick-help">
            Time (or a range like 9:00-10:30), then @project, #tags and a description; a day like yesterday, mon or
            2025-03-10 may come first. Enter logs it.
          </p>
        )}
        {done && !text && (
          <p class="done clamp" role="status" data-testid="quick-done" title={done}>
            {done}
          </p>
        )}
      </form>
    </section>
  );
}

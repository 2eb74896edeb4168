// The quick-entry box: "1:30 @Website #meeting call with the client" logs an entry for today.
// It previews what it understood while you type, suggests @project names, submits on Enter, and
// shows the reason in place when the text is refused, keeping the text so it can be fixed.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { formatMinutes } from '../../common/format';
import { parseQuickEntry, suggestProjects } from '../../common/quickEntry';
import type { ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { applySuggestion } from '../suggestion';
import { ErrorLine } from './ErrorLine';
import { QuickPreview } from './QuickPreview';

export function QuickEntry({ projects, bridge }: { projects: ProjectView[]; bridge: StintBridge }) {
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
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
  const parsed = useMemo(() => (text.trim() ? parseQuickEntry(text, names) : null), [text, names]);
  const suggested = dismissed ? null : suggestProjects(text, cursor, names, 6);
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
    const result = await action.run(() => bridge.quickEntry({ text }));
    if (result?.ok) {
      const { minutes, projectName } = result.value;
      setText('');
      setCursor(0);
      setDone(`Logged ${formatMinutes(minutes)}${projectName ? ` on ${projectName}` : ''}.`);
    }
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
        <ErrorLine error={action.error} id="quick-error" testId="quick-error" />
        {!action.error && parsed && <QuickPreview parsed={parsed} />}
        {!action.error && !parsed && !done && (
          <p class="hint" id="quick-help">
            Time, then @project, #tags and a description. Enter logs it.
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

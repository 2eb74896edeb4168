// What Settings › Shortcuts says when the OS did not register a shortcut: which ones, and, on Linux
// (where Wayland lets an app have global shortcuts only through the desktop's portal), the exact
// lines that make GNOME or KDE run Stint's start/pause command on the keys instead, each copied in
// one click. The lines are built here from the keys in the field (common/desktopShortcuts.ts).

import { useState } from 'preact/hooks';
import { gnomeShortcutCommands, kdeShortcutCommands, shellQuote } from '../../../common/desktopShortcuts';
import { displayAccelerator } from '../../../common/settings';
import type { ShortcutsView } from '../../../common/snapshot';
import { t, words } from '../../app/words';
import { IN_SENTENCE, inSentence } from '../inSentence';
import { commandName } from './commandName';

interface Props {
  state: ShortcutsView;
  /** The start/pause shortcut to give the desktop, in Electron's words (the field's, else the saved one). */
  accelerator: string | null;
  mac: boolean;
}

export function DesktopShortcutHelp({ state, accelerator, mac }: Props) {
  if (state.refused.length === 0) return null;
  // "Ctrl+Alt+T (Start or pause the last timer)": the keys isolated where the window reads right to left.
  const isolate = (keys: string) => (words.value.dir === 'rtl' ? `\u2068${keys}\u2069` : keys);
  const list = state.refused.map((r) => `${isolate(displayAccelerator(r.accelerator, mac))} (${commandName(r.name)})`);
  const command = state.toggleCommand;
  const shortcut =
    command && accelerator
      ? { id: 'stint-toggle', name: t('window-shortcuts.desktop-name'), accelerator, command }
      : null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of read-only commands beside the form, not one of its inputs
    <div
      class="desktop-shortcut"
      role="group"
      aria-labelledby="shortcut-fallback-title"
      data-testid="shortcut-fallback"
    >
      <p id="shortcut-fallback-title" role="status">
        {t('window-shortcuts.refused', {
          list: words.value.formatList(list, { type: 'unit', style: 'short' }),
          count: list.length,
          wayland: command ? 'yes' : 'no',
        })}
      </p>
      {shortcut ? (
        <>
          <p class="hint">
            {inSentence(
              t('window-shortcuts.run-instead', {
                command: IN_SENTENCE,
                keys: displayAccelerator(shortcut.accelerator, mac),
              }),
              <code>{command!.map(shellQuote).join(' ')}</code>,
            )}
          </p>
          <CommandBlock title="GNOME" text={gnomeShortcutCommands(shortcut)} note={t('window-shortcuts.gnome-note')} />
          <CommandBlock title="KDE Plasma" text={kdeShortcutCommands(shortcut)} note={t('window-shortcuts.kde-note')} />
        </>
      ) : null}
    </div>
  );
}

/** One desktop's lines, read-only, with a Copy button; where the clipboard is closed, the lines are selected. */
function CommandBlock({ title, text, note }: { title: string; text: string | null; note: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const id = `shortcut-fallback-${title.split(' ')[0]!.toLowerCase()}`;
  if (text === null) return <p class="hint">{t('window-shortcuts.no-key-name', { desktop: title })}</p>;
  const copy = async (event: Event) => {
    const area = (event.currentTarget as HTMLElement).parentElement?.querySelector('textarea');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('window-shortcuts.copied'));
    } catch {
      area?.select();
      setCopied(t('window-shortcuts.selected'));
    }
  };
  return (
    <div class="edit-field">
      <label for={id}>{title}</label>
      <textarea id={id} readOnly rows={text.split('\n').length} spellcheck={false} data-testid={id} value={text} />
      <button type="button" onClick={copy} data-testid={`${id}-copy`}>
        {t('window-shortcuts.copy-lines', { desktop: title })}
      </button>
      <p class="hint">{note}</p>
      {copied ? (
        <p class="hint" role="status">
          {copied}
        </p>
      ) : null}
    </div>
  );
}

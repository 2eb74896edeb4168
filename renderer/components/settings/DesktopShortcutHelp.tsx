// What Settings › Shortcuts says when the OS did not register a shortcut: which ones, and, on Linux
// (where Wayland lets an app have global shortcuts only through the desktop's portal), the exact
// lines that make GNOME or KDE run Stint's start/pause command on the keys instead, each copied in
// one click. The lines are built here from the keys in the field (common/desktopShortcuts.ts).

import { useState } from 'preact/hooks';
import { gnomeShortcutCommands, kdeShortcutCommands, shellQuote } from '../../../common/desktopShortcuts';
import { displayAccelerator, HOTKEY_LABELS } from '../../../common/settings';
import type { ShortcutsView } from '../../../common/snapshot';

interface Props {
  state: ShortcutsView;
  /** The start/pause shortcut to give the desktop, in Electron's words (the field's, else the saved one). */
  accelerator: string | null;
  mac: boolean;
}

export function DesktopShortcutHelp({ state, accelerator, mac }: Props) {
  if (state.refused.length === 0) return null;
  const list = state.refused.map((r) => `${displayAccelerator(r.accelerator, mac)} (${HOTKEY_LABELS[r.name]})`);
  const command = state.toggleCommand;
  const shortcut =
    command && accelerator
      ? { id: 'stint-toggle', name: 'Stint: start or pause the timer', accelerator, command }
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
        Your desktop did not let Stint register {list.join(', ')}: another app may hold{' '}
        {list.length === 1 ? 'it' : 'them'}
        {command ? ', or the desktop gives apps no global shortcuts (Wayland without its shortcuts portal)' : ''}.
      </p>
      {shortcut ? (
        <>
          <p class="hint">
            Make your desktop run <code>{command!.map(shellQuote).join(' ')}</code> on{' '}
            {displayAccelerator(shortcut.accelerator, mac)} instead: paste these lines into a terminal (bash or zsh).
          </p>
          <CommandBlock
            title="GNOME"
            text={gnomeShortcutCommands(shortcut)}
            note="It works at once (Settings › Keyboard › Custom Shortcuts lists it)."
          />
          <CommandBlock
            title="KDE Plasma"
            text={kdeShortcutCommands(shortcut)}
            note="Plasma reads it at your next login (kwriteconfig5 on Plasma 5); System Settings › Shortcuts › Add New › Command does the same at once."
          />
        </>
      ) : null}
    </div>
  );
}

/** One desktop's lines, read-only, with a Copy button; where the clipboard is closed, the lines are selected. */
function CommandBlock({ title, text, note }: { title: string; text: string | null; note: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const id = `shortcut-fallback-${title.split(' ')[0]!.toLowerCase()}`;
  if (text === null) return <p class="hint">{title} has no name for these keys: choose others above.</p>;
  const copy = async (event: Event) => {
    const area = (event.currentTarget as HTMLElement).parentElement?.querySelector('textarea');
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied.');
    } catch {
      area?.select();
      setCopied('Selected: press Ctrl+C to copy it.');
    }
  };
  return (
    <div class="edit-field">
      <label for={id}>{title}</label>
      <textarea id={id} readOnly rows={text.split('\n').length} spellcheck={false} data-testid={id} value={text} />
      <button type="button" onClick={copy} data-testid={`${id}-copy`}>
        Copy the {title} lines
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

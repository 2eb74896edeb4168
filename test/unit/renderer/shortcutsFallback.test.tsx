// @vitest-environment happy-dom
// Settings › Shortcuts where the OS refused a shortcut: it says which, and offers the desktop's own
// shortcut (GNOME's and KDE's exact lines, built from the keys in the start/pause field), copied in
// one click; and the "start project N" slots send the project and its keys together.

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gnomeShortcutCommands, kdeShortcutCommands } from '../../../common/desktopShortcuts';
import { ok } from '../../../common/result';
import { DEFAULT_HOTKEYS, DEFAULT_SETTINGS } from '../../../common/settings';
import type { ProjectView, ShortcutsView } from '../../../common/snapshot';
import { ShortcutsSection } from '../../../renderer/components/settings/ShortcutsSection';
import { fakeBridge, type FakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

const COMMAND = ['/opt/Stint Apps/stint', '--toggle'];
const refusedToggle: ShortcutsView = {
  refused: [{ name: 'toggleTimer', accelerator: DEFAULT_HOTKEYS.toggleTimer }],
  toggleCommand: COMMAND,
};
const projects: ProjectView[] = [
  { id: 7, name: 'Website', color: null, billingIncrement: 1, enabled: true },
  { id: 9, name: 'Acme', color: null, billingIncrement: 1, enabled: true },
];

const show = (state: ShortcutsView, bridge: FakeBridge = fakeBridge()) =>
  render(
    <ShortcutsSection
      hotkeys={DEFAULT_SETTINGS.hotkeys}
      startProjects={DEFAULT_SETTINGS.startProjects}
      projects={projects}
      state={state}
      bridge={bridge}
    />,
  );
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const area = (id: string) => screen.getByTestId(id) as HTMLTextAreaElement;
const toggleShortcut = (accelerator: string) => ({
  id: 'stint-toggle',
  name: 'Stint: start or pause the timer',
  accelerator,
  command: COMMAND,
});

describe('Settings › Shortcuts when the OS refused a shortcut', () => {
  it('names the refused keys and shows the GNOME and KDE lines for them, copied in one click', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // Nothing of it while every shortcut is registered.
    show({ refused: [], toggleCommand: COMMAND });
    expect(screen.getByRole('textbox', { name: 'Start or pause the last timer' })).toBeTruthy();
    expect(screen.queryByTestId('shortcut-fallback')).toBeNull();
    cleanup();

    show(refusedToggle);

    const fallback = screen.getByTestId('shortcut-fallback');
    expect(fallback.textContent).toContain(
      'Your desktop did not let Stint register Ctrl+Alt+Shift+T (Start or pause the last timer)',
    );
    expect(area('shortcut-fallback-gnome').value).toBe(
      gnomeShortcutCommands(toggleShortcut(DEFAULT_HOTKEYS.toggleTimer)),
    );
    expect(area('shortcut-fallback-kde').value).toBe(kdeShortcutCommands(toggleShortcut(DEFAULT_HOTKEYS.toggleTimer)));
    expect(area('shortcut-fallback-gnome').value).toContain("'<Control><Alt><Shift>t'");

    fireEvent.click(screen.getByRole('button', { name: 'Copy the GNOME lines' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(area('shortcut-fallback-gnome').value));
    expect(await screen.findByText('Copied.')).toBeTruthy();
  });

  it('builds the lines from the keys typed in the start/pause field, before they are saved', () => {
    show(refusedToggle);
    type(screen.getByRole('textbox', { name: 'Start or pause the last timer' }), 'Ctrl+Super+F9');
    expect(area('shortcut-fallback-gnome').value).toContain("'<Control><Super>F9'");
    expect(area('shortcut-fallback-kde').value).toContain('--key _launch Meta+Ctrl+F9');
  });
});

describe('Settings › Shortcuts off Linux (no command for a desktop’s own shortcut)', () => {
  it('names the refused keys as taken, and offers no GNOME or KDE lines', () => {
    show({ ...refusedToggle, toggleCommand: null });
    expect(screen.getByTestId('shortcut-fallback').textContent).toBe(
      'Your desktop did not let Stint register Ctrl+Alt+Shift+T (Start or pause the last timer): another app may hold it.',
    );
    expect(screen.queryByTestId('shortcut-fallback-gnome')).toBeNull();
  });
});

describe('the "start project N" shortcuts', () => {
  it('send the project chosen for slot 3 and its keys in one change', async () => {
    const bridge = fakeBridge({ updateSettings: async () => ok(DEFAULT_SETTINGS) });
    show({ refused: [], toggleCommand: null }, bridge);
    fireEvent.change(screen.getByRole('combobox', { name: 'Project for shortcut 3' }), { target: { value: '9' } });
    type(screen.getByRole('textbox', { name: 'Start project 3' }), 'Ctrl+Alt+Shift+3');
    fireEvent.submit(screen.getByRole('form', { name: 'Shortcuts' }));
    await waitFor(() =>
      expect(bridge.updateSettings).toHaveBeenCalledWith({
        hotkeys: { startProject3: 'Ctrl+Alt+Shift+3' },
        startProjects: { startProject3: 9 },
      }),
    );
  });
});

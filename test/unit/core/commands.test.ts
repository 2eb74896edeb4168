import { describe, expect, it } from 'vitest';
import { commandAction, commandFromArgv, describeFailedShortcuts } from '../../../main/core/commands';

describe('hotkey and command-line actions', () => {
  it('the start/pause hotkey toggles the last timer through the same call the UI uses', () => {
    expect(commandAction('toggleTimer')).toEqual({ kind: 'call', channel: 'toggleLastTimer', request: {} });
  });

  it('the quick-entry hotkey shows the window with the quick-entry box focused', () => {
    expect(commandAction('quickEntry')).toEqual({ kind: 'show-window', focus: 'quick-entry' });
    expect(commandAction('showWindow')).toEqual({ kind: 'show-window', focus: null });
  });

  it('reads the command of a second instance from its arguments', () => {
    expect(commandFromArgv(['/usr/bin/stint', '--toggle'])).toBe('toggleTimer');
    expect(commandFromArgv(['stint', '--no-sandbox', '--quick-entry'])).toBe('quickEntry');
    expect(commandFromArgv(['stint', '--show', '--toggle'])).toBe('showWindow');
    expect(commandFromArgv(['stint'])).toBeNull();
    expect(commandFromArgv(['stint', '--toggled'])).toBeNull();
  });

  it('tells the user which shortcuts failed and how to bind the commands instead', () => {
    expect(describeFailedShortcuts([{ name: 'toggleTimer', accelerator: 'Ctrl+Alt+T', ok: true }])).toBeNull();
    const message = describeFailedShortcuts([
      { name: 'toggleTimer', accelerator: 'Ctrl+Alt+T', ok: false },
      { name: 'quickEntry', accelerator: 'Ctrl+Alt+E', ok: true },
    ]);
    expect(message).toContain('the shortcut Ctrl+Alt+T');
    expect(message).toContain('stint --toggle');
  });
});

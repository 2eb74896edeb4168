import { describe, expect, it } from 'vitest';
import {
  commandAction,
  commandFromArgv,
  createCommandQueue,
  describeFailedShortcuts,
  localPortFromArgv,
  type CommandName,
} from '../../../../main/core/desktop/commands';
import { DEFAULT_SETTINGS } from '../../../../common/settings';

const none = DEFAULT_SETTINGS.startProjects;

describe('hotkey and command-line actions', () => {
  it('the start/pause hotkey toggles the last timer through the same call the UI uses', () => {
    expect(commandAction('toggleTimer', none)).toEqual({ kind: 'call', channel: 'toggleLastTimer', request: {} });
  });

  it('the quick-entry hotkey shows the window with the quick-entry box focused', () => {
    expect(commandAction('quickEntry', none)).toEqual({ kind: 'show-window', focus: 'quick-entry' });
    expect(commandAction('showWindow', none)).toEqual({ kind: 'show-window', focus: null });
  });

  it('a "start project N" shortcut starts its slot’s project through the window’s start call; a slot without one shows the window', () => {
    const chosen = { ...none, startProject3: 42 };
    expect(commandAction('startProject3', chosen)).toEqual({
      kind: 'call',
      channel: 'startTimer',
      request: { projectId: 42 },
    });
    expect(commandAction('startProject4', chosen)).toEqual({ kind: 'show-window', focus: null });
  });

  it('reads the command of a second instance from its arguments', () => {
    expect(commandFromArgv(['/usr/bin/stint', '--toggle'])).toBe('toggleTimer');
    expect(commandFromArgv(['stint', '--no-sandbox', '--quick-entry'])).toBe('quickEntry');
    expect(commandFromArgv(['stint', '--show', '--toggle'])).toBe('showWindow');
    expect(commandFromArgv(['stint'])).toBeNull();
    expect(commandFromArgv(['stint', '--toggled'])).toBeNull();
  });

  it('reads a fixed port for the embedded service, and ignores one that is no port', () => {
    expect(localPortFromArgv(['stint', '--local-port=5899'])).toBe(5899);
    expect(localPortFromArgv(['stint', '--toggle'])).toBeUndefined();
    for (const bad of [
      '--local-port=0',
      '--local-port=65536',
      '--local-port=',
      '--local-port=12ab',
      '--local-port',
      '--local-port=123456',
    ]) {
      expect(localPortFromArgv(['stint', bad])).toBeUndefined();
    }
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

  it('keeps commands that arrive before the app is open (a second launch during start-up) and runs them, in order, once it is', () => {
    const ran: CommandName[] = [];
    const queue = createCommandQueue((name) => ran.push(name));
    queue.accept(commandFromArgv(['stint']) ?? 'showWindow');
    queue.accept(commandFromArgv(['stint', '--toggle'])!);
    queue.accept(commandFromArgv(['stint', '--toggle'])!);
    expect(ran).toEqual([]);

    queue.open();
    // Both toggles: the user asked twice (start, then pause).
    expect(ran).toEqual(['showWindow', 'toggleTimer', 'toggleTimer']);
    queue.accept('quickEntry');
    expect(ran).toEqual(['showWindow', 'toggleTimer', 'toggleTimer', 'quickEntry']);
    // Opening again runs nothing twice.
    queue.open();
    expect(ran).toHaveLength(4);
  });
});

// What a global shortcut or a command-line argument of the running instance does, decided here
// so that the shell only applies it. Every hotkey action is also an argument (`stint --toggle`),
// so users on Wayland, where global shortcuts are not available to apps, can bind it in their
// desktop settings.

import type { Channel } from '../../../common/contract';
import type { HotkeyName, StartProjects } from '../../../common/settings';

export type CommandName = HotkeyName;

export type ShellCommand =
  | { kind: 'call'; channel: Channel; request: Record<string, unknown> }
  | { kind: 'show-window'; focus: 'quick-entry' | null };

/**
 * What a command does. A "start project N" shortcut starts (or resumes) the project chosen for
 * its slot through the same call as the window's start, so through the outbox; a slot with no
 * project chosen shows the window, where Settings is one click away.
 */
export function commandAction(name: CommandName, startProjects: StartProjects): ShellCommand {
  switch (name) {
    case 'toggleTimer':
      return { kind: 'call', channel: 'toggleLastTimer', request: {} };
    case 'quickEntry':
      return { kind: 'show-window', focus: 'quick-entry' };
    case 'showWindow':
      return { kind: 'show-window', focus: null };
    default: {
      const projectId = startProjects[name];
      return projectId === null
        ? { kind: 'show-window', focus: null }
        : { kind: 'call', channel: 'startTimer', request: { projectId } };
    }
  }
}

// The defaults live with the settings (the renderer shows them); the names are the same.
export { DEFAULT_HOTKEYS } from '../../../common/settings';

const ARGUMENTS: Readonly<Record<string, CommandName>> = {
  '--toggle': 'toggleTimer',
  '--quick-entry': 'quickEntry',
  '--show': 'showWindow',
};

/** The command named on a command line (the first one wins), or null. */
export function commandFromArgv(argv: readonly string[]): CommandName | null {
  for (const arg of argv) {
    const name = ARGUMENTS[arg];
    if (name) return name;
  }
  return null;
}

/**
 * Commands accepted at any time and run once the app is open, in the order they came: a second
 * launch (`stint --toggle`) or the first one's own arguments may arrive before the window and the
 * account exist, and must not be dropped. Once open, a command runs at once.
 */
export interface CommandQueue {
  accept(name: CommandName): void;
  /** The app can run commands now: those waiting run, in order. */
  open(): void;
}

export function createCommandQueue(run: (name: CommandName) => void): CommandQueue {
  let waiting: CommandName[] | null = [];
  return {
    accept(name) {
      if (waiting) waiting.push(name);
      else run(name);
    },
    open() {
      const ready = waiting ?? [];
      waiting = null;
      for (const name of ready) run(name);
    },
  };
}

export interface RegistrationOutcome {
  name: CommandName;
  accelerator: string;
  ok: boolean;
}

/** The sentence that tells the user which shortcuts could not be registered, or null if all were. */
export function describeFailedShortcuts(outcomes: readonly RegistrationOutcome[]): string | null {
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length === 0) return null;
  const list = failed.map((o) => o.accelerator).join(', ');
  return `Stint could not register ${failed.length === 1 ? 'the shortcut' : 'the shortcuts'} ${list}: another app may be using ${failed.length === 1 ? 'it' : 'them'}, or this desktop lets no app register one. You can bind "stint --toggle", "stint --quick-entry" or "stint --show" in your system settings instead: Settings › Shortcuts shows how.`;
}

/**
 * `--local-port=N`: the embedded service listens on port N instead of a free one, for scripts
 * (and the stand-in end-to-end test) that talk to it directly. Anything else: a free port.
 */
export function localPortFromArgv(argv: readonly string[]): number | undefined {
  for (const arg of argv) {
    const m = /^--local-port=(\d{1,5})$/.exec(arg);
    const port = m ? Number(m[1]) : NaN;
    if (port > 0 && port <= 65535) return port;
  }
  return undefined;
}

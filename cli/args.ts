// What a `stint` command line asks for, read from argv (node:util parseArgs). Pure: no I/O, so
// every usage error is tested in milliseconds. The app's own arguments (--toggle, --quick-entry,
// --show) are Electron's and handled by main/core/desktop/commands.ts; `--toggle` here means `toggle`.

import { parseArgs } from 'node:util';

export type Command =
  | { name: 'log'; text: string | null; newProject: boolean }
  | { name: 'start'; project: string; note: string | null; timeSoFar: 'log' | 'keep' | null; newProject: boolean }
  | { name: 'pause' }
  | { name: 'toggle' }
  | { name: 'status'; json: boolean }
  | { name: 'today'; json: boolean }
  | { name: 'week'; json: boolean }
  | { name: 'export'; from: string; to: string; out: string | null };

export type CommandName = Command['name'];

export type Parsed =
  | {
      kind: 'run';
      command: Command;
      dataDir: string | null;
      /** --account NAME: the account the command is made on (the app switches to it); null: the one in use. */
      account: string | null;
    }
  | { kind: 'help'; text: string }
  | { kind: 'usage'; message: string; text: string };

export const COMMAND_HELP: Readonly<Record<CommandName, string>> = {
  log: `Usage: stint log [--new-project] "<time> [@Project] [what you did] [#tags]"   or   lines on standard input

Logs an entry with the window's quick-entry grammar, e.g. stint log "1:30 @Website #meeting call".
Without text it reads standard input and logs each non-empty line in order; each line's answer
names its line number. A new project name a typo or two from one you have ("@Webiste") is refused
with the name you probably meant, as the window asks; --new-project creates it. Exit 1 if any
line was refused.`,
  start: `Usage: stint start [--log-first | --keep-time] [--new-project] <project> [note]

Starts the timer of the project named (case-insensitive), with an optional note. A name you have
no project of creates that project and starts it, as the window's Start does; one a typo or two
from a project you have ("Webiste") is refused with the name you probably meant, and
--new-project creates it. When that timer already has time under another note, it is refused
unless you say what becomes of that time, as the window asks: --log-first logs it as its own entry and starts again at 0:00 with the note,
--keep-time keeps it under the new note.`,
  pause: `Usage: stint pause

Pauses the running timer.`,
  toggle: `Usage: stint toggle

Pauses the running timer, or resumes the last one used (the tray's and the hotkey's action).`,
  status: `Usage: stint status [--json]

The running timer and the paused ones, whether the app is online and how many changes wait to be
sent, naming the account in use (the window's and the tray's) and a timer running on another
account. --json prints {"account","online","pending","failed","running","paused","otherAccounts"}
(see README).`,
  today: `Usage: stint today [--json]

Today's entries and their total. --json prints {"date","totalMinutes","entries"} (see README).`,
  week: `Usage: stint week [--json]

This week's total, per day and per project (billable and unbillable), counting the week from your
week_start on the service. The window's week view returns to this week too. --json prints
{"start","end","totalMinutes","stale","days","projects"} (see README).`,
  export: `Usage: stint export --from DAY --to DAY [--out FILE]

Your entries of those days (both included) as CSV, oldest day first, a DAY written as quick
entry reads it (2026-11-23, yesterday, today, a weekday like mon): one row per entry with date, minutes, hours,
project, tags, billable, description, approved and invoiced (see README). Without --out the CSV
goes to standard output; with it, to FILE, replaced only once the whole CSV is written (FILE is
left as it was if the export fails; a FILE that is a link, a device, a fifo or a folder is
refused). What the service has is exported: changes still waiting to be sent are not in it.
Exit 1 if the days are not valid or FILE cannot be written.`,
};

export const HELP = `Usage: stint [--data DIR] [--account NAME] <command> [options]

Talks to the running Stint app (desktop or web host) on this computer.

Commands:
  log "<entry>"          log time with the quick-entry grammar (or lines on standard input);
                         --new-project creates a new project that looks like a typo of yours
  start <project> [note] start a project's timer (a new name creates the project)
  pause                  pause the running timer
  toggle                 pause the running timer or resume the last one
  status [--json]        the account in use, the running and paused timers
  today [--json]         today's entries and total
  week [--json]          this week's totals per day and per project
  export --from D --to D [--out FILE]
                         entries of a range of days as CSV, oldest first (standard output or FILE)

Options:
  --data DIR   the app started with this data folder (npm run web -- --data DIR); default: the
               desktop app's folder, then the web host's
  --account NAME
               the account to act on (by its name, any case): Stint switches to it, window and
               tray too, as Settings' Make default does, and says so; default: the one in use
  --json       machine-readable output (status, today, week)
  -h, --help   this help; stint <command> --help for one command's

Exit codes: 0 done or queued, 1 refused (or the app went away mid-command, the change not sent),
2 no app running, 3 the app stopped after it received a change and before it answered (the
change may be saved: look with stint today or stint status before trying again), 64 usage.`;

const NAMES = Object.keys(COMMAND_HELP) as CommandName[];
const isName = (name: string): name is CommandName => (NAMES as string[]).includes(name);

/** The app's own Electron arguments, which the desktop app's executable takes, not this command. */
const APP_ARGUMENTS = ['--quick-entry', '--show'];

/** The options parseArgs is given (one command's, refused for the others). */
interface Options {
  data?: string;
  account?: string;
  json?: boolean;
  help?: boolean;
  toggle?: boolean;
  from?: string;
  to?: string;
  out?: string;
  'new-project'?: boolean;
  'log-first'?: boolean;
  'keep-time'?: boolean;
}

/** An argument that starts with a minus and a digit (a time taken off, "-1:00"): text, not an option. */
const MINUS_TEXT = /^-\d/;

/** parseArgs' refusal in this command's words (its own speak of positionals and its own syntax). */
function optionProblem(error: Error & { code?: string }): string {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) return `${option} needs a value.`;
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !option)
    return error.message.split('\n')[0] ?? 'Bad arguments.';
  const hint = option.startsWith('--') ? '' : ` Text that starts with "-" goes after "--": stint log -- "${option} …".`;
  return `Unknown option ${option}: see stint --help.${hint}`;
}

/** The options and the words of argv, or why they cannot be read. */
function readArgv(argv: readonly string[]): { values: Options; positionals: string[] } | string {
  try {
    return parseArgs({
      // "-1:00 …" is an entry (or a note), never an option: a space in front keeps parseArgs off it.
      args: argv.map((a) => (MINUS_TEXT.test(a) ? ` ${a}` : a)),
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        account: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        toggle: { type: 'boolean' },
        from: { type: 'string' },
        to: { type: 'string' },
        out: { type: 'string' },
        'new-project': { type: 'boolean' },
        'log-first': { type: 'boolean' },
        'keep-time': { type: 'boolean' },
      },
    });
  } catch (error) {
    return optionProblem(error as Error & { code?: string });
  }
}

export function parseCommandLine(argv: readonly string[]): Parsed {
  const usage = (message: string, text = HELP): Parsed => ({ kind: 'usage', message, text });
  const appArgument = argv.find((a) => APP_ARGUMENTS.includes(a));
  if (appArgument)
    return usage(`${appArgument} is the desktop app's own argument: pass it to the Stint app, not to this command.`);
  const read = readArgv(argv);
  if (typeof read === 'string') return usage(read);
  const { values, positionals } = read;
  const [first, ...rest] = (values.toggle ? ['toggle', ...positionals] : positionals).map((p) =>
    MINUS_TEXT.test(p.trimStart()) ? p.trimStart() : p,
  );
  if (first === undefined) return values.help ? { kind: 'help', text: HELP } : usage('Name a command.');
  if (first === 'help') {
    const about = rest[0];
    return about && isName(about) ? { kind: 'help', text: COMMAND_HELP[about] } : { kind: 'help', text: HELP };
  }
  if (!isName(first)) return usage(`Unknown command: ${first}.`);
  if (values.help) return { kind: 'help', text: COMMAND_HELP[first] };
  const dataDir = values.data ?? null;
  if (dataDir === '') return usage('--data needs a folder.');
  const bad = (message: string) => usage(message, COMMAND_HELP[first]);
  const json = values.json ?? false;
  if (json && first !== 'status' && first !== 'today' && first !== 'week')
    return bad(`--json is for status, today and week, not ${first}.`);
  const account = values.account?.trim() ?? null;
  if (account === '') return usage('--account needs an account name.');
  const run = (command: Command): Parsed => ({ kind: 'run', command, dataDir, account });
  const rangeOptions = ['from', 'to', 'out'] as const;
  const misplaced = rangeOptions.find((o) => values[o] !== undefined);
  if (first !== 'export' && misplaced) return bad(`--${misplaced} is for export, not ${first}.`);
  if (values['new-project'] && first !== 'log' && first !== 'start')
    return bad(`--new-project is for log and start, not ${first}.`);
  const timeSoFar = values['log-first'] ? 'log' : values['keep-time'] ? 'keep' : null;
  if (timeSoFar && first !== 'start') return bad(`--log-first and --keep-time are for start, not ${first}.`);
  if (values['log-first'] && values['keep-time']) return bad('Say one: --log-first or --keep-time.');

  switch (first) {
    case 'log': {
      const text = rest.join(' ').trim();
      return run({ name: 'log', text: rest.length === 0 ? null : text, newProject: values['new-project'] ?? false });
    }
    case 'start': {
      const [project, ...note] = rest;
      if (project === undefined || project.trim() === '') return bad('Name the project to start.');
      const newProject = values['new-project'] ?? false;
      return run({
        name: 'start',
        project: project.trim(),
        note: note.length > 0 ? note.join(' ') : null,
        timeSoFar,
        newProject,
      });
    }
    case 'pause':
    case 'toggle':
      return rest.length > 0 ? bad(`${first} takes no arguments.`) : run({ name: first });
    case 'status':
    case 'today':
    case 'week':
      return rest.length > 0 ? bad(`${first} takes no arguments.`) : run({ name: first, json });
    case 'export': {
      if (rest.length > 0) return bad('export takes its days as --from and --to.');
      const { from, to, out } = values;
      if (!from || !to) return bad('Give the first and the last day: --from YYYY-MM-DD --to YYYY-MM-DD.');
      if (out === '') return bad('--out needs a file name.');
      return run({ name: 'export', from, to, out: out ?? null });
    }
  }
}

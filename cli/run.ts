// Runs one parsed command against the app and says what happened, in words or as --json; answers
// the exit code. Everything goes through the app's contract calls (main/core/cliSocket/), so an
// action is an operation in the app's outbox, queued durably before the app answers.
//
// Queued or done: the app answers an action once it is on disk, not once it is on the service.
// So after acting, the command watches the snapshot for a moment: it says "logged" (or "started",
// "paused") only when the outbox has emptied while online, and the window's "Saved here · sends
// when <account> answers" when the app is offline or the change is still on its way; both exit 0,
// the change will land once.

import { looksLikeDay } from '../common/dayWords';
import { didYouMeanWords, loggedWords } from '../common/loggedWords';
import { checkProjectName } from '../common/projectName';
import type { Locale } from '../common/i18n/locales';
import { parseQuickEntry } from '../common/quickEntry';
import { savedHereWords } from '../common/savedHere';
import type { ActionError, Result } from '../common/result';
import type { Snapshot } from '../common/snapshot';
import type { Command } from './args';
import { type AppConnection, unanswered } from './appConnection';
import { type ExportIo, runExport } from './export';
import { statusJson, statusText, todayJson, todayText, weekJson, weekText } from './views';

/** unanswered: the app went away after it received a change and before it answered, so it may have been done. */
export const EXIT = { done: 0, refused: 1, noApp: 2, unanswered: 3, usage: 64 } as const;

export interface Io extends ExportIo {
  out(text: string): void;
  err(text: string): void;
  /** Standard input's lines (for `log` without text). */
  readLines(): Promise<string[]>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface RunOptions {
  /** How long an action waits to see its change land before it says "queued"; default 3000 ms. */
  settleMs?: number;
  /** --account NAME: the account the command is made on; null or absent: the one in use. */
  account?: string | null;
  /** The user's language (LC_ALL, LC_MESSAGES, LANG): `stint log` reads its day words and units besides English's. */
  locale?: Locale;
}

const POLL_MS = 25;

export async function runCommand(
  command: Command,
  app: AppConnection,
  io: Io,
  options: RunOptions = {},
): Promise<number> {
  const settleMs = options.settleMs ?? 3000;
  const before = await app.call<Snapshot>('getSnapshot', {});
  if (!before.ok) {
    // Gone before answering anything: as good as no app running (nothing was done).
    io.err(`stint: ${before.error.message}`);
    return before.error.code === 'unavailable' ? EXIT.noApp : EXIT.refused;
  }
  const chosen = options.account ? await onAccount(options.account, before.value, app, io) : before;
  if (!chosen.ok)
    return refused(io, chosen.error, 'Stint may have switched accounts; `stint status` names the one in use');
  const snapshot = chosen.value;
  const context: Context = { app, io, snapshot, settleMs, locale: options.locale ?? 'en' };

  switch (command.name) {
    case 'status': {
      const status = statusJson(snapshot, io.now());
      io.out(command.json ? JSON.stringify(status) : statusText(status, snapshot.timeFormat));
      return EXIT.done;
    }
    case 'today': {
      const today = todayJson(snapshot, io.now());
      io.out(command.json ? JSON.stringify(today) : todayText(today, snapshot.timeFormat));
      return EXIT.done;
    }
    case 'week': {
      const shown = await thisWeek(app, snapshot, io, settleMs);
      if (!shown.ok) return refused(io, shown.error);
      const week = weekJson(shown.value, io.now());
      io.out(command.json ? JSON.stringify(week) : weekText(week, shown.value.timeFormat));
      return EXIT.done;
    }
    case 'log':
      return log(command.text, command.newProject, context);
    case 'start':
      return start(command, context);
    case 'pause':
      return pause(context);
    case 'toggle':
      return toggle(context);
    case 'export': {
      const error = await runExport(command, app, io, snapshot.today.date);
      return error ? refused(io, error) : EXIT.done;
    }
  }
}

/**
 * The snapshot of the account --account names (by its label, any case): the one in use as it is;
 * another one is switched to first with the window's Make default (setDefaultAccount: the window
 * and the tray follow, one account in use for all three), said on standard error so standard
 * output stays the command's. Stint has one account open at a time: one that is not open can only
 * be reached by opening it.
 */
async function onAccount(name: string, snapshot: Snapshot, app: AppConnection, io: Io): Promise<Result<Snapshot>> {
  const account = snapshot.accounts.find((a) => a.label.toLowerCase() === name.toLowerCase());
  if (!account) {
    const labels = snapshot.accounts.map((a) => a.label).join(', ');
    return {
      ok: false,
      error: { code: 'not_found', message: `No account named “${name}”. Your accounts: ${labels}.` },
    };
  }
  if (account.isOpen) return { ok: true, value: snapshot };
  const switched = await app.call('setDefaultAccount', { accountId: account.id });
  if (!switched.ok) return switched;
  io.err(`stint: Stint now uses ${account.label}, in the window and the tray too (as Make default does).`);
  return app.call<Snapshot>('getSnapshot', {});
}

/**
 * The app's refusal, said on standard error: exit 1. A change the app received and went away
 * without answering is said as what is known (`maybe`, given for a change: what may have
 * happened, and where to look): exit 3. A read (export, status) that went unanswered changed nothing.
 */
function refused(io: Io, error: ActionError, maybe?: string): number {
  if (maybe !== undefined && unanswered(error)) {
    io.err(`stint: ${STOPPED_BEFORE_ANSWERING}: ${maybe}.`);
    return EXIT.unanswered;
  }
  io.err(`stint: ${error.message}`);
  return EXIT.refused;
}

const STOPPED_BEFORE_ANSWERING = 'Stint stopped before answering';
const TIMER_MAYBE = (what: string) => `the timer may be ${what}; \`stint status\` shows it`;

/**
 * `stint start <project>`: a known project is named without regard to case; a new name creates
 * the project first, as the window's Start does, unless it reads as a typo of a known one
 * (common/projectName.ts, the rule `stint log` asks by), which waits for --new-project.
 */
async function start(command: Extract<Command, { name: 'start' }>, context: Context): Promise<number> {
  const { app, io } = context;
  const project = await projectToStart(command, context);
  if (!project.ok) return refused(io, project.error);
  const note = command.note === null ? {} : { description: command.note };
  const answer = command.timeSoFar ? { timeSoFar: command.timeSoFar } : {};
  const started = await app.call('startTimer', { projectId: project.value.id, ...note, ...answer });
  // The window's question about the timer's time so far: here, an option says the answer.
  if (!started.ok && started.error.field === 'timeSoFar')
    return refused(io, {
      ...started.error,
      message: `${started.error.message} Say which: --log-first or --keep-time.`,
    });
  if (!started.ok) return refused(io, started.error, TIMER_MAYBE('started'));
  const what = `${project.value.name}${project.value.created ? ' (a new project)' : ''}`;
  return said(await settle(context), `started ${what}`, io);
}

/** The project `stint start` names: a known one, or one it has just created. */
async function projectToStart(
  command: Extract<Command, { name: 'start' }>,
  { app, snapshot }: Context,
): Promise<{ ok: true; value: { id: number; name: string; created: boolean } } | { ok: false; error: ActionError }> {
  const checked = checkProjectName(
    command.project,
    snapshot.projects.map((p) => p.name),
  );
  if (!checked.ok) return { ok: false, error: { code: 'invalid_input', message: checked.message, field: 'project' } };
  if (checked.known) {
    const known = snapshot.projects.find((p) => p.name === checked.name)!;
    return { ok: true, value: { id: known.id, name: known.name, created: false } };
  }
  if (checked.didYouMean && !command.newProject) {
    const message = didYouMeanWords(checked.didYouMean, checked.name, 'Run it again with --new-project');
    return { ok: false, error: { code: 'invalid_input', message, field: 'project' } };
  }
  const created = await app.call<{ projectId: number }>('createProject', { name: checked.name });
  if (!created.ok) return created;
  return { ok: true, value: { id: created.value.projectId, name: checked.name, created: true } };
}

/** `stint pause`: pauses the running timer. */
async function pause(context: Context): Promise<number> {
  const { app, io, snapshot } = context;
  const running = snapshot.timers.find((t) => t.state === 'running');
  if (!running) return refused(io, { code: 'not_found', message: 'No timer is running.' });
  const paused = await app.call('pauseTimer', { projectId: running.projectId });
  if (!paused.ok) return refused(io, paused.error, TIMER_MAYBE('paused'));
  return said(await settle(context), `paused ${running.projectName}`, io);
}

/** `stint toggle`: the app's toggleLastTimer; the snapshot after it says whether a timer started or paused. */
async function toggle(context: Context): Promise<number> {
  const { app, io } = context;
  const toggled = await app.call('toggleLastTimer', {});
  if (!toggled.ok) return refused(io, toggled.error, TIMER_MAYBE('started or paused'));
  const outcome = await settle(context);
  const running = outcome.snapshot.timers.find((t) => t.state === 'running');
  const last = outcome.snapshot.timers[0];
  return said(outcome, running ? `started ${running.projectName}` : `paused ${last?.projectName ?? 'the timer'}`, io);
}

interface Context {
  app: AppConnection;
  io: Io;
  /** The snapshot before the action, to tell the failures it made from older ones. */
  snapshot: Snapshot;
  settleMs: number;
  locale: Locale;
}

interface Outcome {
  snapshot: Snapshot;
  /** On the service (the outbox emptied while online). */
  landed: boolean;
  /** Refusals by the service that came after the action. */
  refusals: string[];
}

/** Reads the snapshot every POLL_MS until `done` says so or `waitMs` passed; the last read (or its error). */
async function watch(app: AppConnection, io: Io, waitMs: number, done: (s: Snapshot) => boolean) {
  const end = io.now() + waitMs;
  for (;;) {
    const read = await app.call<Snapshot>('getSnapshot', {});
    if (!read.ok || done(read.value) || io.now() >= end) return read;
    await io.sleep(POLL_MS);
  }
}

/** Watches the snapshot until the outbox is empty while online, the app is offline, or settleMs passed. */
async function settle({ app, io, snapshot, settleMs }: Context): Promise<Outcome> {
  const known = new Set(snapshot.outbox.failed.map((f) => f.id));
  const refusalsIn = (s: Snapshot) =>
    s.outbox.failed.filter((f) => !known.has(f.id)).map((f) => `${f.summary}: ${f.message}`);
  const landed = (s: Snapshot) => s.online && s.outbox.pending === 0;
  const read = await watch(app, io, settleMs, (s) => landed(s) || refusalsIn(s).length > 0 || !s.online);
  if (!read.ok) return { snapshot, landed: false, refusals: [] };
  return { snapshot: read.value, landed: landed(read.value), refusals: refusalsIn(read.value) };
}

/**
 * A snapshot whose week is this week, read (or offline, as last read): the app shows one week at a
 * time, so another one shown in the window is brought back to this week first.
 */
async function thisWeek(
  app: AppConnection,
  snapshot: Snapshot,
  io: Io,
  waitMs: number,
): Promise<{ ok: true; value: Snapshot } | { ok: false; error: ActionError }> {
  const ready = (s: Snapshot) => s.week.isCurrent && (s.week.loaded || s.week.stale);
  if (ready(snapshot)) return { ok: true, value: snapshot };
  if (!snapshot.week.isCurrent) {
    const shown = await app.call('showWeek', { weekOf: null });
    if (!shown.ok) return shown;
  }
  return watch(app, io, waitMs, ready);
}

/** "Started Website." or "Saved here · sends when Work answers: started Website."; a refusal by the service exits 1. */
function said(outcome: Outcome, done: string, io: Io): number {
  for (const refusal of outcome.refusals) io.err(`stint: refused by the service: ${refusal} (see the Stint window)`);
  if (outcome.refusals.length > 0) return EXIT.refused;
  io.out(outcome.landed ? `${capitalise(done)}.` : `${queuedWords(outcome.snapshot)}: ${done}.`);
  return EXIT.done;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The window's words for a change on this computer the service has not confirmed yet. */
const queuedWords = (s: Snapshot) => savedHereWords(s.account.label);

/** The line refused as the window would ask first: a new project a typo or two from a known one. */
function likelyTypo(line: string, snapshot: Snapshot, newProject: boolean, locale: Locale): LineAnswer | null {
  if (newProject) return null;
  const names = snapshot.projects.map((p) => p.name);
  const parsed = parseQuickEntry(line, names, snapshot.today.date, locale);
  if (!parsed.ok || !parsed.didYouMean || !parsed.projectName) return null;
  const message = didYouMeanWords(parsed.didYouMean, parsed.projectName, 'Run it again with --new-project');
  return { ok: false, error: { message, field: 'project' } };
}

async function log(text: string | null, newProject: boolean, context: Context): Promise<number> {
  const { app, io, snapshot } = context;
  const fromStdin = text === null;
  const lines = fromStdin ? await keptAlive(app, io.readLines()) : [text];
  const numbered = lines.map((line, index) => ({ line, number: index + 1 })).filter((l) => l.line.trim() !== '');
  if (numbered.length === 0) {
    io.err('stint: Nothing to log: give the entry as text, or lines on standard input.');
    return EXIT.usage;
  }
  // The lines go in logLines calls of a frame's size each: the app queues each call's good lines
  // with one write to disk, and answers the others by line.
  const typos = numbered.map((l) => likelyTypo(l.line.trim(), snapshot, newProject, context.locale));
  const sent = await logInChunks(
    app,
    numbered.filter((_, i) => !typos[i]).map((l) => l.line.trim()),
    context.locale,
  );
  const answers = typos.map((typo) => typo ?? sent.shift()!);
  const accepted = answers.some((a) => a.ok);
  const outcome = accepted ? await settle(context) : null;
  let exit: number = EXIT.done;
  const gone: Gone = { maybeSaved: [], unsent: [], why: '', fromStdin };
  answers.forEach((answer, index) => {
    const { line, number } = numbered[index]!;
    const where = fromStdin ? `line ${number}: ` : '';
    if (!answer.ok && answer.error.code === 'unavailable') {
      (unanswered(answer.error) ? gone.maybeSaved : gone.unsent).push(number);
      gone.why = answer.error.message;
    } else if (answer.ok) {
      // The window's words: what the service stores and the day, "Logged" only once it landed.
      const what = loggedWords(answer.value, snapshot.today.date, snapshot.timeFormat);
      io.out(`${where}${outcome?.landed ? 'Logged' : `${queuedWords(outcome!.snapshot)}:`} ${what}.`);
    } else {
      exit = EXIT.refused;
      io.err(`stint: ${where}${answer.error.message}`);
      const pointer = pointAt(line.trim(), answer.error.field, context.locale);
      if (pointer) io.err(pointer);
    }
  });
  for (const refusal of outcome?.refusals ?? []) {
    exit = EXIT.refused;
    io.err(`stint: refused by the service: ${refusal} (see the Stint window)`);
  }
  return saidGone(gone, io) ?? exit;
}

interface Gone {
  /** Lines the app received and went away without answering: they may be in its outbox. */
  maybeSaved: number[];
  /** Lines written after it had gone: they never left this process. */
  unsent: number[];
  why: string;
  fromStdin: boolean;
}

/**
 * The lines the app never answered, said once each way: those it received may be saved (exit 3;
 * logging them again could store them twice), the others were not sent (exit 1); null when none.
 */
function saidGone({ maybeSaved, unsent, why, fromStdin }: Gone, io: Io): number | null {
  const which = (numbers: number[]) => `line ${numbers.join(', ')}`;
  if (maybeSaved.length > 0)
    io.err(
      `stint: ${STOPPED_BEFORE_ANSWERING}: ${fromStdin ? which(maybeSaved) : 'the line'} may be saved; \`stint today\` shows it (do not log it again before looking).`,
    );
  if (unsent.length > 0) {
    const again = maybeSaved.length > 0 ? 'log only those again' : 'run the command again';
    io.err(`stint: ${why} Not logged${fromStdin ? ` (${which(unsent)})` : ''}: ${again} once Stint is running.`);
  }
  if (maybeSaved.length > 0) return EXIT.unanswered;
  return unsent.length > 0 ? EXIT.refused : null;
}

/** Under the app's idle limit (10 min, main/core/cliSocket/limits.ts): a read now and then while lines are typed. */
const KEEP_ALIVE_MS = 60_000;

/** Keeps the connection in use while `work` (standard input read) takes its time. */
async function keptAlive<T>(app: AppConnection, work: Promise<T>): Promise<T> {
  const timer = setInterval(() => void app.call('getSnapshot', {}), KEEP_ALIVE_MS);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

type LineAnswer =
  | { ok: true; value: LoggedLine }
  | { ok: false; error: { message: string; field?: string; code?: ActionError['code'] } };
type LoggedLine = Parameters<typeof loggedWords>[0];
interface LinesAnswer {
  logged: Array<LoggedLine & { line: number }>;
  refused: Array<{ line: number; message: string; field: string | null }>;
}

/** Lines per call: well within the app's 5,000 and, at 10,000 characters each at most, its frame limit. */
const CHUNK_LINES = 500;
const CHUNK_BYTES = 200 * 1024;

/** Each line's answer, in order, from as few logLines calls as fit the app's frame limit. */
async function logInChunks(app: AppConnection, lines: string[], locale: Locale): Promise<LineAnswer[]> {
  if (lines.length === 0) return [];
  const chunks: string[][] = [[]];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 8;
    const chunk = chunks.at(-1)!;
    if (chunk.length > 0 && (chunk.length >= CHUNK_LINES || bytes + size > CHUNK_BYTES)) {
      chunks.push([line]);
      bytes = size;
    } else {
      chunk.push(line);
      bytes += size;
    }
  }
  const answers: LineAnswer[] = [];
  for (const chunk of chunks) {
    const result = await app.call<LinesAnswer>(
      'logLines',
      locale === 'en' ? { lines: chunk } : { lines: chunk, locale },
    );
    const byLine: LineAnswer[] = chunk.map(() => ({ ok: false, error: result.ok ? { message: '' } : result.error }));
    if (result.ok) {
      for (const { line, ...value } of result.value.logged) byLine[line] = { ok: true, value };
      for (const { line, message, field } of result.value.refused)
        byLine[line] = { ok: false, error: field === null ? { message } : { message, field } };
    }
    answers.push(...byLine);
  }
  return answers;
}

/**
 * The entry with a mark under the word the app refused: the day (a first word meant as one), the
 * time (the first word after it) or the project (the @word). Other fields are named by the message alone.
 */
export function pointAt(text: string, field: string | undefined, locale: Locale = 'en'): string | null {
  const words = [...text.matchAll(/\S+/g)];
  const dayFirst = words[0] !== undefined && looksLikeDay(words[0][0], locale);
  const word =
    field === 'date'
      ? dayFirst
        ? words[0]
        : undefined
      : field === 'time'
        ? words[dayFirst ? 1 : 0]
        : field === 'project'
          ? words.find((w) => w[0].startsWith('@'))
          : undefined;
  if (!word || word.index === undefined) return null;
  return `  ${text}\n  ${' '.repeat(word.index)}${'^'.repeat(word[0].length)}`;
}

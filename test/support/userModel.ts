// The user of the outbox tests: what a user may do through core's handlers (chosen at random from
// a seed, always something that changes data), a model of what the user meant, and the
// comparison of the service's data with that model. Shared by the chaos scenario, the crash
// test and its child process (so it imports neither the service nor the fault proxy).
import type { Result } from '../../common/result';
import type { EntryView, Snapshot } from '../../common/snapshot';
import { collect, type ServiceApi } from '../../main/api/types';
import { DEFAULT_BILLING_INCREMENT, elapsedMinutes, roundUpToIncrement } from '../../main/core/model/minutes';
import type { Operation } from '../../main/core/model/operations';
import type { Core } from '../../main/core/types';
import type { Random } from './random';

/**
 * A timer's seconds may differ from the user's by the client's tolerance (2 s, senders/sendOnce.ts) plus
 * network latency; larger gaps are corrected.
 */
export const TIMER_TOLERANCE_SECONDS = 4;

/** Quick-entry times and the minutes they mean (GAPS.md "Time strings"). */
const TIMES: ReadonlyArray<[string, number]> = [
  ['0:20', 20],
  ['45m', 45],
  ['1h', 60],
  ['15', 15],
  ['1:30', 90],
  ['0.5', 30],
  ['5m', 5],
  ['2h', 120],
  ['1h30m', 90],
  ['0:07', 7],
];

export interface ModelTimer {
  state: 'running' | 'paused';
  /** Elapsed seconds at `since`. */
  seconds: number;
  since: number;
  description: string | null;
}

export interface ExpectedEntry {
  project: string | null;
  description: string | null;
  /** Allowed minutes (a timer's log may land on either side of a rounding step within tolerance). */
  minutes: number[];
  what: string;
}

export class Model {
  /** Projects the user created with createProject (timers run on these). */
  readonly created: string[] = [];
  /** Projects a quick entry created by name. */
  readonly quick: string[] = [];
  readonly timers = new Map<string, ModelTimer>();
  readonly entries: ExpectedEntry[] = [];

  live(t: ModelTimer, now: number): number {
    return t.state === 'running' ? t.seconds + (now - t.since) / 1000 : t.seconds;
  }

  running(): string | undefined {
    for (const [name, t] of this.timers) if (t.state === 'running') return name;
    return undefined;
  }
}

export type Action =
  | { kind: 'createProject'; name: string }
  /**
   * With a note on a project that has a timer: what the user answered when asked what becomes of
   * the time it holds (the window asks when the note would replace another, issue 22 item 6):
   * 'log' it as its own entry under its own note and start afresh, or 'keep' it under the new note.
   */
  | { kind: 'startTimer'; project: string; description?: string; timeSoFar?: 'log' | 'keep' }
  | { kind: 'pauseTimer'; project: string }
  | { kind: 'logTimer'; project: string }
  | { kind: 'discardTimer'; project: string }
  | { kind: 'quickEntry'; text: string; project: string | null; description: string; minutes: number }
  /** One of today's entries, named by its description (unique: see targets()), deleted. */
  | { kind: 'deleteEntry'; description: string }
  /**
   * One of today's entries edited: every value typed anew, the project kept, emptied or moved to
   * another (`pick` chooses which, among those the window lists then, see perform). Filled in by
   * perform: `project`, the project it ends on; `queued`, whether the entry was still to be
   * created (its creation was amended).
   */
  | {
      kind: 'editEntry';
      description: string;
      time: string;
      minutes: number;
      move: 'keep' | 'none' | 'other';
      pick: number;
      newDescription: string;
      project?: string | null;
      queued?: boolean;
    };

export interface ChooseOptions {
  /**
   * Also delete and edit today's entries (the chaos runs). The crash test's script goes without:
   * its journal check tells a recorded action by the operation it queued, and an edit of an
   * entry still queued queues none (it amends the entry's own).
   */
  entries?: boolean;
}

/** Entries an action can name: quick entries and edited ones, whose descriptions are unique (q12 note, e40 #edited note). */
const targets = (model: Model) =>
  model.entries.filter((e) => e.description !== null && /^[qe]\d+ /.test(e.description));

/** The next thing the user does, chosen from what the model allows; null when nothing fits this roll. */
export function chooseAction(rng: Random, model: Model, i: number, options: ChooseOptions = {}): Action | null {
  const withTimer = [...model.timers.keys()];
  const running = model.running();
  const startable = model.created.filter((p) => p !== running);
  const entries = options.entries ? targets(model) : [];
  const kind = rng.weighted({
    createProject: model.created.length < 3 ? 4 : model.created.length < 12 ? 0.6 : 0,
    startTimer: startable.length ? 4 : 0,
    describe: running ? 0.4 : 0,
    pauseTimer: running ? 2.5 : 0,
    logTimer: withTimer.length ? 2 : 0,
    discardTimer: withTimer.length ? 0.8 : 0,
    quickEntry: 3,
    deleteEntry: entries.length ? 0.6 : 0,
    editEntry: entries.length ? 1.4 : 0,
  });
  switch (kind) {
    case 'createProject':
      return { kind, name: `C${model.created.length + 1}` };
    case 'startTimer': {
      const project = rng.pick(startable);
      const exists = model.timers.has(project);
      const description = rng.chance(exists ? 0.2 : 0.5) ? `t${i} work` : undefined;
      const answer = exists && description ? { timeSoFar: timeSoFar(rng) } : {};
      return { kind, project, ...(description ? { description } : {}), ...answer };
    }
    case 'describe':
      return { kind: 'startTimer', project: running!, description: `t${i} renamed`, timeSoFar: timeSoFar(rng) };
    case 'pauseTimer':
      return { kind, project: running! };
    case 'logTimer':
    case 'discardTimer':
      return { kind, project: rng.pick(withTimer) };
    case 'quickEntry': {
      const [time, minutes] = rng.pick(TIMES);
      const description = `q${i} note`;
      const roll = rng();
      let project: string | null = null;
      if (roll < 0.35 && model.created.length) project = rng.pick(model.created);
      else if (roll < 0.5)
        project = model.quick.length && rng.chance(0.6) ? rng.pick(model.quick) : `Q${model.quick.length + 1}`;
      const text = project ? `${time} @${project} ${description}` : `${time} ${description}`;
      return { kind, text, project, description, minutes };
    }
    case 'deleteEntry':
      return { kind, description: pickEntry(rng, entries).description! };
    case 'editEntry': {
      const target = pickEntry(rng, entries);
      const [time, minutes] = rng.pick(TIMES);
      const move = rng.weighted({ keep: 4, none: 2, other: 4 });
      return {
        kind,
        description: target.description!,
        time,
        minutes,
        move,
        pick: rng(),
        newDescription: `e${i} #edited note`,
      };
    }
  }
  return null;
}

/** The user's answer when a note would land on a timer with time: as often logged apart as kept. */
const timeSoFar = (rng: Random): 'log' | 'keep' => (rng.chance(0.5) ? 'log' : 'keep');

/** Mostly one of the latest entries (often still queued), now and then any. */
const pickEntry = (rng: Random, entries: ExpectedEntry[]) =>
  rng.chance(0.6) ? rng.pick(entries.slice(-8)) : rng.pick(entries);

/** What the action means for the model, applied at `now` (the moment the handler was called). */
export function applyToModel(model: Model, a: Action, now: number): void {
  switch (a.kind) {
    case 'createProject':
      model.created.push(a.name);
      return;
    case 'startTimer': {
      const other = model.running();
      if (other && other !== a.project) {
        const t = model.timers.get(other)!;
        model.timers.set(other, { ...t, state: 'paused', seconds: model.live(t, now), since: now });
      }
      const kept = model.timers.get(a.project);
      // Logged apart: the time so far becomes its entry under its own note, the timer starts at 0:00.
      if (kept && a.timeSoFar === 'log' && a.description !== undefined && a.description !== kept.description)
        logged(model, a.project, now);
      const t = model.timers.get(a.project);
      if (t?.state === 'running') t.description = a.description ?? t.description;
      else
        model.timers.set(a.project, {
          state: 'running',
          seconds: t ? t.seconds : 0,
          since: now,
          description: a.description ?? t?.description ?? null,
        });
      return;
    }
    case 'pauseTimer': {
      const t = model.timers.get(a.project)!;
      model.timers.set(a.project, { ...t, state: 'paused', seconds: model.live(t, now), since: now });
      return;
    }
    case 'logTimer':
      logged(model, a.project, now);
      return;
    case 'discardTimer':
      model.timers.delete(a.project);
      return;
    case 'quickEntry':
      if (a.project?.startsWith('Q') && !model.quick.includes(a.project)) model.quick.push(a.project);
      model.entries.push({
        project: a.project,
        description: a.description,
        minutes: [a.project ? roundUpToIncrement(a.minutes, DEFAULT_BILLING_INCREMENT) : a.minutes],
        what: `quick entry "${a.text}"`,
      });
      return;
    case 'deleteEntry':
      model.entries.splice(model.entries.indexOf(entryNamed(model, a.description)), 1);
      return;
    case 'editEntry': {
      const e = entryNamed(model, a.description);
      if (a.project === undefined) throw new Error(`editEntry applied before it was performed: ${JSON.stringify(a)}`);
      e.project = a.project;
      e.description = a.newDescription;
      e.minutes = [a.project ? roundUpToIncrement(a.minutes, DEFAULT_BILLING_INCREMENT) : a.minutes];
      e.what = `${e.what} edited to "${a.time} @${a.project ?? '-'} ${a.newDescription}"`;
      return;
    }
  }
}

/** The project's timer logged at `now` (Log, or a note started apart): its entry, its timer gone. */
function logged(model: Model, project: string, now: number): void {
  const t = model.timers.get(project)!;
  const seconds = model.live(t, now);
  const allowed = new Set<number>();
  for (let s = Math.max(0, seconds - TIMER_TOLERANCE_SECONDS); s <= seconds + TIMER_TOLERANCE_SECONDS; s += 0.5) {
    allowed.add(roundUpToIncrement(elapsedMinutes(s), DEFAULT_BILLING_INCREMENT));
  }
  model.entries.push({
    project,
    description: t.description,
    minutes: [...allowed],
    what: `log of ${project} at ${seconds.toFixed(1)} s`,
  });
  model.timers.delete(project);
}

function entryNamed(model: Model, description: string): ExpectedEntry {
  const e = model.entries.find((x) => x.description === description);
  if (!e) throw new Error(`The model has no entry "${description}"`);
  return e;
}

/** The id the UI would use: the project as the snapshot lists it. */
export function projectId(snap: Snapshot, name: string): number {
  const p = snap.projects.find((x) => x.name === name);
  if (!p) throw new Error(`The snapshot does not list project ${name}`);
  return p.id;
}

/**
 * Does the action through core's handlers, as the window would; answers it as done (an edit with
 * the project it ended on). `wait` lets the app run a moment while the user looks again (default
 * 2 ms of real time; the in-process chaos tier moves its fake clock there).
 */
export async function perform(core: Core, a: Action, wait: () => Promise<void> = sleep2): Promise<Action> {
  if (a.kind === 'deleteEntry' || a.kind === 'editEntry') return onEntry(core, a, wait);
  const result = await request(core, a);
  if (!result.ok) throw new Error(`core refused ${JSON.stringify(a)}: ${JSON.stringify(result.error)}`);
  return a;
}

/** The handler call an action other than an entry's makes. */
function request(core: Core, a: Exclude<Action, { kind: 'deleteEntry' | 'editEntry' }>) {
  const h = core.handlers;
  const snap = core.getSnapshot();
  switch (a.kind) {
    case 'createProject':
      return h.createProject({ name: a.name });
    case 'startTimer':
      return h.startTimer({
        projectId: projectId(snap, a.project),
        ...(a.description ? { description: a.description } : {}),
        ...(a.timeSoFar ? { timeSoFar: a.timeSoFar } : {}),
      });
    case 'pauseTimer':
      return h.pauseTimer({ projectId: projectId(snap, a.project) });
    case 'logTimer':
      return h.logTimer({ projectId: projectId(snap, a.project) });
    case 'discardTimer':
      return h.discardTimer({ projectId: projectId(snap, a.project) });
    case 'quickEntry':
      return h.quickEntry({ text: a.text });
  }
}

/** How long the user waits for an entry to be deletable (read back with its id) or editable. */
const ENTRY_WAIT_MS = 60_000;

/**
 * Deletes or edits one of today's entries as the user would: once the window shows it with a
 * Delete button (it has its id) or an Edit button. The window may change between the look and
 * the click (the entry sent meanwhile, or read back under its id): then the user looks again.
 */
async function onEntry(
  core: Core,
  a: Extract<Action, { kind: 'deleteEntry' | 'editEntry' }>,
  wait: () => Promise<void>,
): Promise<Action> {
  const end = Date.now() + ENTRY_WAIT_MS;
  let last: unknown = 'never shown';
  for (;;) {
    const snap = core.getSnapshot();
    const e = snap.today.entries.find((x) => x.description === a.description);
    if (e && (a.kind === 'deleteEntry' ? e.id !== null : e.editable !== false)) {
      const done = a.kind === 'deleteEntry' ? a : { ...a, project: editedProject(snap, e, a), queued: e.id === null };
      const result: Result<null> =
        done.kind === 'deleteEntry'
          ? await core.handlers.deleteEntry({ entryId: e.id! })
          : await core.handlers.updateEntry({
              key: e.key,
              time: done.time,
              description: done.newDescription,
              project: done.project ?? '',
            });
      if (result.ok) return done;
      // Only a refusal about the entry itself (gone from view, being saved) is worth a second look.
      if (result.error.field !== 'key' && result.error.field !== 'entryId')
        throw new Error(`core refused ${JSON.stringify(done)}: ${JSON.stringify(result.error)}`);
      last = result.error;
    } else last = e ?? 'not shown';
    if (Date.now() > end)
      throw new Error(
        `The window did not offer ${JSON.stringify(a)} within ${ENTRY_WAIT_MS / 1000} s: ${JSON.stringify(last)}`,
      );
    await wait();
  }
}

const sleep2 = () => new Promise<void>((r) => setTimeout(r, 2));

/**
 * The project an edit leaves the entry on. It moves only between projects the service has (a
 * positive id in the window): a quick entry's new project is made when the entry lands, and one
 * moved away before that would never be made.
 */
function editedProject(snap: Snapshot, e: EntryView, a: Extract<Action, { kind: 'editEntry' }>): string | null {
  const made = (name: string | null) => name === null || snap.projects.some((p) => p.name === name && p.id > 0);
  if (a.move === 'keep' || !made(e.projectName)) return e.projectName;
  if (a.move === 'none') return null;
  const others = snap.projects.filter((p) => p.id > 0 && p.enabled && p.name !== e.projectName);
  return others.length ? others[Math.floor(a.pick * others.length)]!.name : e.projectName;
}

export async function compare(api: ServiceApi, model: Model, now: number) {
  const problems: string[] = [];
  let lost = 0;
  let duplicated = 0;
  let wrong = 0;
  let maxDrift = 0;

  // Projects: each one the user made, once.
  const projects = await collect(api.listProjects({ per_page: 1000 }));
  const names = projects.map((p) => p.name);
  for (const name of [...model.created, ...model.quick]) {
    const n = names.filter((x) => x === name).length;
    if (n === 0) lost++, problems.push(`lost project ${name}`);
  }
  const extra = names.filter((n) => !model.created.includes(n) && !model.quick.includes(n));
  if (extra.length) (duplicated += extra.length), problems.push(`projects nobody made: ${extra.join(', ')}`);

  // Entries: matched by project and description, then by minutes.
  const entries = await collect(api.listEntries({ per_page: 1000 }));
  const key = (project: string | null, description: string | null) => `${project ?? '-'}|${description ?? ''}`;
  const actual = new Map<string, number[]>();
  for (const e of entries) {
    const k = key(e.project?.name ?? null, e.description || null);
    actual.set(k, [...(actual.get(k) ?? []), e.minutes]);
  }
  const expected = new Map<string, ExpectedEntry[]>();
  for (const e of model.entries) {
    const k = key(e.project, e.description);
    expected.set(k, [...(expected.get(k) ?? []), e]);
  }
  for (const k of new Set([...actual.keys(), ...expected.keys()])) {
    const have = [...(actual.get(k) ?? [])];
    const want = [...(expected.get(k) ?? [])].sort(
      (a, b) => a.minutes.length - b.minutes.length || Math.min(...a.minutes) - Math.min(...b.minutes),
    );
    const unmatched: ExpectedEntry[] = [];
    for (const w of want) {
      const at = have.findIndex((m) => w.minutes.includes(m));
      if (at >= 0) have.splice(at, 1);
      else unmatched.push(w);
    }
    // Left on both sides: the record is there with other minutes.
    while (unmatched.length && have.length) {
      const w = unmatched.shift()!;
      wrong++;
      problems.push(`wrong minutes: ${w.what} expected ${w.minutes.join('/')} got ${have.shift()}`);
    }
    for (const w of unmatched) lost++, problems.push(`lost entry: ${w.what}`);
    for (const m of have) duplicated++, problems.push(`entry nobody made (or made twice): ${k} ${m} min`);
  }

  // Timers: the ones the user left, in the state and near the time the user left them.
  const timers = await collect(api.listTimers());
  const seen = new Set<string>();
  for (const t of timers) {
    const name = t.project.name;
    const m = model.timers.get(name);
    if (seen.has(name)) duplicated++, problems.push(`timer ${name} twice`);
    seen.add(name);
    if (!m) {
      duplicated++;
      problems.push(`timer ${name} (${t.state}, ${t.seconds} s) that the user logged or discarded`);
      continue;
    }
    const want = model.live(m, now);
    const drift = Math.abs(t.seconds - want);
    maxDrift = Math.max(maxDrift, drift);
    if (t.state !== m.state || drift > TIMER_TOLERANCE_SECONDS || (t.description || null) !== m.description) {
      wrong++;
      problems.push(
        `timer ${name}: service ${t.state} ${t.seconds} s "${t.description ?? ''}", user ${m.state} ${want.toFixed(1)} s "${m.description ?? ''}"`,
      );
    }
  }
  for (const name of model.timers.keys()) if (!seen.has(name)) lost++, problems.push(`lost timer ${name}`);
  return { lost, duplicated, wrong, maxDrift, problems };
}

/**
 * Whether the snapshot shows what the model says the user has: every project made with
 * createProject, and exactly the model's timers in the model's states. After a start-up the user
 * waits for this before acting (core reads the service after sending what was queued).
 */
export function shows(snap: Snapshot, model: Model): boolean {
  const names = new Set(snap.projects.map((p) => p.name));
  if (!model.created.every((n) => names.has(n))) return false;
  if (snap.timers.length !== model.timers.size) return false;
  return snap.timers.every((t) => model.timers.get(t.projectName)?.state === t.state);
}

/**
 * What identifies the operation an action queues: no two actions in a row share one (each
 * changes what the next one sees), so the last operation in the journal tells whether the last
 * action was recorded.
 */
export function actionSignature(a: Action): string {
  switch (a.kind) {
    case 'createProject':
      return `createProject|${a.name}`;
    case 'startTimer':
      return `startTimer|${a.project}|${a.description ?? ''}`;
    case 'pauseTimer':
    case 'logTimer':
    case 'discardTimer':
      return `${a.kind}|${a.project}`;
    case 'quickEntry':
      return `createEntry|${a.description}`;
    case 'deleteEntry':
      return `deleteEntry|${a.description}`;
    case 'editEntry':
      return `updateEntry|${a.newDescription}`;
  }
}

/**
 * The undo grace of discards and deletes in the chaos and crash runs: short, so a thousand
 * actions do not wait seconds each, yet long enough that they are held and what follows them waits.
 */
export const UNDO_GRACE_MS_UNDER_TEST = 20;

export function operationSignature(op: Operation): string {
  switch (op.kind) {
    case 'createProject':
      return `createProject|${op.name}`;
    case 'startTimer':
      return `startTimer|${op.projectName}|${op.description ?? ''}`;
    case 'pauseTimer':
    case 'logTimer':
    case 'discardTimer':
    case 'rewindTimer':
    case 'adjustTimer':
    case 'setTimerNote':
      return `${op.kind}|${op.projectName}`;
    case 'createEntry':
      return `createEntry|${op.description}`;
    case 'deleteEntry':
      return `deleteEntry|${op.entryId}`;
    case 'updateEntry':
      return `updateEntry|${op.description}`;
    case 'updateCurrentUser':
      return `updateCurrentUser|${op.timeFormat ?? ''}|${op.weekStart ?? ''}`;
  }
}

/** A seeded script of `count` actions, and the model each prefix of it leads to. */
export function script(rng: Random, count: number): Action[] {
  const model = new Model();
  const actions: Action[] = [];
  for (let i = 1; actions.length < count; i++) {
    const a = chooseAction(rng, model, i);
    if (!a) continue;
    applyToModel(model, a, 0);
    actions.push(a);
  }
  return actions;
}

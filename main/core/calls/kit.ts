// What every call's handler is built on: one action at a time, an operation queued and shown,
// and projects compared by their resolved ids.

import { randomUUID } from 'node:crypto';
import { fail, type Result } from '../../../common/result';
import type { Snapshot, TimerView } from '../../../common/snapshot';
import type { Activity } from '../../../common/activity';
import type { RequestOf, ResponseOf } from '../../../common/contract';
import type { Settings } from '../../../common/settings';
import type { WeekRange } from '../../../common/week';
import type { IdlePrompt } from '../desktop/idle/policy';
import { billingIncrement } from '../model/minutes';
import type { Operation, OperationBody } from '../model/operations';
import type { Outbox } from '../sync/outbox';
import type { Calendars } from '../calendars/calendars';

/**
 * What the calls need of core: its state (coreState.ts), given whole; createHandlers
 * (calls/handlers.ts) passes it to each area through the kit. Tests build one with
 * test/support/handlerDeps.ts.
 */
export interface HandlerDeps {
  outbox: Outbox;
  /** How long a discard, log or delete waits for an undo (model/undoGrace.ts); 0 sends it at once. */
  undoGraceMs: number;
  now(): number;
  snapshot(): Snapshot;
  /** Whether core is stopping: no action begins then. */
  stopping(): boolean;
  /** An operation is queued: show it, and have the worker send it. */
  operationQueued(): void;
  /** The user asked to retry: the worker sends at once rather than wait out a backoff. */
  sendNow(): void;
  /** The user asked for fresh data: everything is read again, at once. */
  readAgain(): void;
  /** A timer of this project was just used: it comes first among the paused ones. */
  timerUsed(projectId: number): void;
  recentProjectIds(): readonly number[];
  /** Removes a notice from the snapshot; false when there is none by that id. */
  dismissNotice(id: string): boolean;
  /** Checks, applies and saves a change of settings (settings/update.ts). */
  updateSettings(patch: RequestOf<'updateSettings'>): Result<Settings>;
  /** Shows the week that holds date (null: this week): it is read unless already here. */
  showWeek(date: string | null): WeekRange;
  /** The open idle prompt (desktop/idle/tracker.ts), if any. */
  idlePrompt(): IdlePrompt | null;
  /** The idle prompt was answered: close it. */
  closeIdlePrompt(): void;
  /** The working-hours reminder was answered (desktop/reminder/scheduler.ts): close it, snoozed or not. */
  closeReminder(snooze: boolean): void;
  /** Writes a range's CSV into the Downloads folder (export/exporter.ts), or says why it cannot. */
  exportCsv(range: RequestOf<'exportCsv'>): Promise<Result<ResponseOf<'exportCsv'>>>;
  /** The sync ledger (sync/ledger.ts) and what still waits. */
  activity(): Activity;
  /** The user's calendars (calendars/calendars.ts); absent where the app has none. */
  calendars?: Calendars;
}

export interface HandlerKit {
  deps: HandlerDeps;
  outbox: Outbox;
  /** Runs an action after the previous one, on the state it left. */
  act<T>(work: (now: number, snap: Snapshot) => Promise<Result<T>>): Promise<Result<T>>;
  /** Records an operation (held for undo when undoable) and has the worker send it; answers its id. */
  queue(at: number, make: (id: string, seq: number) => OperationBody, undoable?: boolean): Promise<string>;
  /** Records several operations in order with one write to disk (outbox addAll) and has the worker send them. */
  /** Answers the operations' ids, in order (an entry's key while it is queued). */
  queueAll(at: number, makes: ReadonlyArray<(id: string) => OperationBody>): Promise<string[]>;
  /** Whether two project ids name the same project. */
  same(a: number, b: number): boolean;
  timerOf(snap: Snapshot, projectId: number): TimerView | undefined;
  /** The billing increment of the project by this id (model/minutes.ts billingIncrement), found as same() finds it. */
  incrementOf(snap: Snapshot, projectId: number): number;
  noTimer(): Result<never>;
}

export function handlerKit(deps: HandlerDeps): HandlerKit {
  const { outbox } = deps;
  // One action at a time: each is decided on the state the previous one left.
  let chain: Promise<unknown> = Promise.resolve();
  const act = <T>(work: (now: number, snap: Snapshot) => Promise<Result<T>>): Promise<Result<T>> => {
    const run = chain.then(() =>
      deps.stopping() ? fail('internal', 'Stint is shutting down.') : work(deps.now(), deps.snapshot()),
    );
    chain = run.catch(() => {});
    return run;
  };

  const graceMs = deps.undoGraceMs;
  const queue = async (
    at: number,
    make: (id: string, seq: number) => OperationBody,
    undoable = false,
  ): Promise<string> => {
    const id = randomUUID();
    const seq = outbox.newSeq();
    const notBefore = undoable && graceMs > 0 ? { notBefore: at + graceMs } : {};
    await outbox.add({ ...make(id, seq), id, seq, at, ...notBefore } as Operation);
    deps.operationQueued();
    return id;
  };

  const queueAll = async (at: number, makes: ReadonlyArray<(id: string) => OperationBody>): Promise<string[]> => {
    if (makes.length === 0) return [];
    const ops = makes.map((make) => {
      const id = randomUUID();
      return { ...make(id), id, seq: outbox.newSeq(), at } as Operation;
    });
    await outbox.addAll(ops);
    deps.operationQueued();
    return ops.map((op) => op.id);
  };

  // The snapshot may lag the outbox by a moment: just after a project's creation settled, the
  // outbox knows the service's id while the snapshot still lists the local one. Ids are compared
  // once resolved, so either names the project; an operation queued with the local id is
  // pointed at the service's id as it is recorded.
  const same = (a: number, b: number) => outbox.projectId(a) === outbox.projectId(b);
  const timerOf = (snap: Snapshot, projectId: number) => snap.timers.find((t) => same(t.projectId, projectId));
  const incrementOf = (snap: Snapshot, projectId: number) =>
    billingIncrement(snap.projects.find((p) => same(p.id, projectId)));
  const noTimer = () => fail('not_found', 'There is no timer for that project.', 'projectId');

  return { deps, outbox, act, queue, queueAll, same, timerOf, incrementOf, noTimer };
}

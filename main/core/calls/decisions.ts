// How a call decides: in its turn, one action after another, each on the snapshot the previous
// one left, and with projects compared by their resolved ids. Every area's handlers decide here
// (act) and read timers and projects through it.

import type { Result } from '../../../common/result';
import type { Snapshot, TimerView } from '../../../common/snapshot';
import { billingIncrement } from '../model/minutes';
import type { Outbox } from '../sync/outbox';
import type { WindowView } from './windowView';
import { refuse, said } from '../../../common/refusal';

/** Whether core is stopping (coreState.ts stop): no action begins then. */
export interface CoreLife {
  readonly stopping: boolean;
}

export interface DecisionParts {
  clock: { now(): number };
  view: Pick<WindowView, 'snapshot'>;
  life: CoreLife;
  /** Resolves a project's local id to the service's once its creation settled. */
  outbox: Pick<Outbox, 'projectId'>;
}

export class Decisions {
  private readonly parts: DecisionParts;
  /** The action before: the next one begins once it is done. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(parts: DecisionParts) {
    this.parts = parts;
  }

  /** Runs an action after the previous one, on the state it left; none begins once core is stopping. */
  act<T>(work: (now: number, snap: Snapshot) => Promise<Result<T>>): Promise<Result<T>> {
    const { clock, view, life } = this.parts;
    const run = this.chain.then(() =>
      life.stopping
        ? refuse('internal', said('refusals.shuttingDown'), 'Stint is shutting down.')
        : work(clock.now(), view.snapshot()),
    );
    this.chain = run.catch(() => {});
    return run;
  }

  // The snapshot may lag the outbox by a moment: just after a project's creation settled, the
  // outbox knows the service's id while the snapshot still lists the local one. Ids are compared
  // once resolved, so either names the project; an operation queued with the local id is
  // pointed at the service's id as it is recorded.

  /** Whether two project ids name the same project. */
  same(a: number, b: number): boolean {
    const { outbox } = this.parts;
    return outbox.projectId(a) === outbox.projectId(b);
  }

  /** The id the service knows the project by, once its creation settled; else the one given. */
  projectId(id: number): number {
    return this.parts.outbox.projectId(id);
  }

  timerOf(snap: Snapshot, projectId: number): TimerView | undefined {
    return snap.timers.find((t) => this.same(t.projectId, projectId));
  }

  /**
   * The billing increment of the project by this id, found as same() finds it: a log and an
   * edited entry's minutes are rounded up to it (model/minutes.ts billingIncrement).
   */
  incrementOf(snap: Snapshot, projectId: number): number {
    return billingIncrement(snap.projects.find((p) => this.same(p.id, projectId)));
  }
}

export const noTimer = (): Result<never> =>
  refuse('not_found', said('refusals.noTimer'), 'There is no timer for that project.', 'projectId');

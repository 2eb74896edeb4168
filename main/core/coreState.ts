// One account's core state: what core last read (sync/serviceState.ts), what the user chose to
// see or was told (calls/shownState.ts), the snapshot derived from them with the outbox
// (snapshotView.ts), the worker that talks to the service (sync/worker.ts), and the
// collaborators the calls are built on (calls/handlers.ts CallParts). Each is made once here and
// handed by name to whoever works with it.

import type { Snapshot } from '../../common/snapshot';
import { AccountServices } from './accountServices';
import { Decisions } from './calls/decisions';
import type { CallParts } from './calls/handlers';
import { OutboxQueue } from './calls/outboxQueue';
import { ShownState } from './calls/shownState';
import { isIdleEvent } from './desktop/idle/policy';
import { createExporter, type Exporter } from './export/exporter';
import { UNDO_GRACE_MS } from './model/undoGrace';
import { createMemorySettingsStore } from './settings/store';
import type { Ledger } from './sync/ledger';
import type { Outbox } from './sync/outbox';
import { READS } from './sync/serviceReads';
import { ServiceState } from './sync/serviceState';
import { startWorker, type Worker } from './sync/worker';
import { SnapshotView } from './snapshotView';
import type { CoreOptions, LifecycleEvent } from './types';
import { userFormats } from './views/userFormats';

/** What core's state is built from: the options, and the outbox and ledger opened on disk. */
export interface CoreParts {
  options: CoreOptions;
  outbox: Outbox;
  ledger: Ledger;
}

export class CoreState {
  /** What the calls are built on (calls/handlers.ts createHandlers). */
  readonly calls: CallParts;
  private readonly options: CoreOptions;
  private readonly outbox: Outbox;
  private readonly service: ServiceState;
  private readonly view: SnapshotView;
  private readonly exporter: Exporter;
  private readonly worker: Worker;
  /** Whether stop() began: no call's action begins after it (calls/decisions.ts). */
  private readonly life = { stopping: false };

  constructor({ options, outbox, ledger }: CoreParts) {
    const clock = options.clock!;
    const settings = options.settings ?? createMemorySettingsStore();
    this.options = options;
    this.outbox = outbox;
    // What was last read shows at once, before any read of this open answers (sync/lastRead.ts).
    const service = (this.service = new ServiceState(options.dataDir, () => clock.now()));
    const shown = new ShownState(settings.problem, clock.now());
    const view = (this.view = new SnapshotView({ options, clock, settings, service, shown, outbox }));
    this.exporter = createExporter({
      api: options.api,
      userId: () => service.data.userId,
      timeFormat: () => userFormats(service.data, outbox.items()).timeFormat,
      changed: (progress) => view.exporting(progress),
    });
    const { api, backoff, importer } = options;
    this.worker = startWorker({
      api,
      outbox,
      clock,
      service,
      view,
      ledger,
      ...(backoff ? { backoff } : {}),
      ...(importer ? { importer } : {}),
    });
    const { worker, life, exporter } = this;
    this.calls = {
      clock,
      decisions: new Decisions({ clock, view, life, outbox }),
      queue: new OutboxQueue({ outbox, view, worker, undoGraceMs: options.undoGraceMs ?? UNDO_GRACE_MS }),
      shown,
      view,
      service,
      worker,
      services: new AccountServices({ options, settings, exporter, ledger, outbox }),
    };
    worker.request(...READS);
  }

  snapshot(): Snapshot {
    return this.view.snapshot();
  }

  subscribe(listener: (snapshot: Snapshot) => void): () => void {
    return this.view.subscribe(listener);
  }

  /** Something happened outside core (Core.notify). */
  notify(event: LifecycleEvent): void {
    const { view, worker } = this;
    if (typeof event === 'object' && event.kind === 'tell') {
      view.tell(event.message);
      return;
    }
    if (isIdleEvent(event)) {
      view.handleIdle(event);
      if (event.kind !== 'resume' && event.kind !== 'unlock') return;
    }
    if (event === 'window-hidden' || event === 'window-shown')
      this.options.calendars?.windowShown(event === 'window-shown');
    if (event === 'window-hidden') {
      worker.setWindowShown(false);
      return;
    }
    if (event === 'window-shown') worker.setWindowShown(true);
    worker.freshen(event === 'broadcast' ? event : undefined);
    worker.wake(true);
  }

  setBroadcastsLive(live: boolean): void {
    this.worker.setBroadcastsLive(live);
  }

  whenIdle(): Promise<void> {
    return this.worker.whenIdle();
  }

  describeSync(): string {
    return this.worker.describe();
  }

  /** A range of the user's entries as CSV, streamed (the command line's export). */
  exportTo(...args: Parameters<Exporter['stream']>): ReturnType<Exporter['stream']> {
    return this.exporter.stream(...args);
  }

  async stop(): Promise<void> {
    if (this.life.stopping) return;
    this.life.stopping = true;
    this.view.stop();
    await this.worker.stop();
    this.service.flush();
    await this.outbox.close();
  }
}

export function createCoreState(parts: CoreParts): CoreState {
  return new CoreState(parts);
}

// What core knows of the service: its data as last read (at first the read kept on disk, so an
// account opens on it at once), whether it answers, and when a read last landed. The worker
// (worker.ts, workerSteps.ts) writes it as reads and answers come back; the snapshot
// (main/core/snapshotView.ts) and the calls read it.

import type { Snapshot } from '../../../common/snapshot';
import { unreachable } from '../../api/unreachable';
import { lastReadKeeper, readLastRead } from './lastRead';
import { emptyServiceData, type ServiceData } from './serviceData';
import type { Read } from './serviceReads';

export class ServiceState {
  data: ServiceData;
  online = true;
  connectionProblem: Snapshot['connectionProblem'] = null;
  lastSyncAt: number | null;
  /** Until a read of this open lands, nothing is known to be synced (the header says so). */
  readSinceOpen = false;
  /** The reminder waits for the first read of the timers: before it, "no timer runs" is not known. */
  timersRead = false;
  /** What was read, kept beside the journal a moment after a read lands (lastRead.ts). */
  private readonly kept: ReturnType<typeof lastReadKeeper>;

  /** `now`: when a read kept before a first read of this open is written again, it is dated so. */
  constructor(dataDir: string, now: () => number) {
    const kept = readLastRead(dataDir);
    this.data = kept?.data ?? emptyServiceData();
    this.lastSyncAt = kept?.at ?? null;
    this.kept = lastReadKeeper(dataDir, () => ({ at: this.lastSyncAt ?? now(), data: this.data }));
  }

  /** A read came back: merged into the data, and kept on disk a moment later. */
  received(what: Read, patch: Partial<ServiceData>, at: number): void {
    this.data = { ...this.data, ...patch };
    if (what === 'timers') this.timersRead = true;
    this.lastSyncAt = at;
    this.readSinceOpen = true;
    this.kept.landed();
  }

  /** Whether the service answered; when it did not, the error that says why. */
  reached(answered: boolean, why?: unknown): void {
    this.online = answered;
    // A refusal that time fixes but is no network failure (a 401) says its own words elsewhere.
    this.connectionProblem = answered ? null : (unreachable(why) ?? null);
  }

  /** Core stops: what is due to be kept is written now. */
  flush(): void {
    this.kept.flush();
  }
}

// The face one account's core shows to the app layer (accounts/), which presents it to the shell
// (Electron), the web host and the command line as the StintApp (accounts/stintApp.ts).

import type { Exporter } from './export/exporter';
import type { CoreHandlers } from './calls/handlers';
import type { Snapshot } from '../../common/snapshot';
import type { TimerClock as Clock } from '../api/clock';
import type { ServiceApi } from '../api/types';
import type { BulkImporter } from './sync/bulk';
import type { IdleEvent } from './desktop/idle/policy';
import type { Calendars } from './calendars/calendars';
import type { SettingsStore } from './settings/store';
import type { ApplyHotkeys } from './settings/update';

/** Time as core sees it (main/api/clock.ts, the app's one clock); tests pass a fake one. */
export type { Clock };
export type { AccountChannel, AppChannel, CoreHandlers } from './calls/handlers';
export { systemClock } from '../api/clock';

/**
 * Things that happen outside core which make fresh data worth reading. Passed in by the shell.
 * The idle events (desktop/idle/policy.ts) also feed the idle prompt; their resume and unlock freshen as
 * the plain ones do.
 */
export type LifecycleEvent =
  | 'window-shown'
  | 'window-hidden'
  | 'resume'
  | 'unlock'
  | 'broadcast'
  | IdleEvent
  /** Something the shell tells the user in the window's notices (no tray on this desktop). */
  | { kind: 'tell'; message: string };

export interface CoreOptions {
  api: ServiceApi;
  /** Folder for core's own files (the outbox journal). */
  dataDir: string;
  account: Snapshot['account'];
  clock?: Clock;
  /**
   * The service's v1 bulk import, where it offers one to this account (v1 takes personal tokens
   * only): queued entries then drain many per request (bulk.ts).
   */
  importer?: BulkImporter;
  /** The outbox's wait after failures that time can fix; default 1 s doubling up to 1 min. */
  backoff?: { firstMs: number; capMs: number };
  /** The user's settings (settings/file.ts openSettingsStore); default: defaults kept in memory. */
  settings?: SettingsStore;
  /** Registers changed global shortcuts with the OS (the shell's); without it, shortcuts are only saved. */
  applyHotkeys?: ApplyHotkeys;
  /** How long a discard or delete waits for an undo (model/undoGrace.ts UNDO_GRACE_MS); 0 sends them at once. */
  undoGraceMs?: number;
  /** Where the window's CSV exports go (the user's Downloads folder); without it, the window cannot export. */
  downloadsDir?: string;
  /** The user's calendars (calendars/calendars.ts), the app's, shared by every account's core; without it, none. */
  calendars?: Calendars;
}

export interface Core {
  readonly handlers: CoreHandlers;
  getSnapshot(): Snapshot;
  /** Calls back on every change of the snapshot; returns the unsubscribe function. */
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  notify(event: LifecycleEvent): void;
  /** Whether a broadcast receiver the service reaches is registered (the poll adapts to it). */
  setBroadcastsLive(live: boolean): void;
  /** Resolves once the outbox is sent and no read is due or on the way (tests and benchmarks wait on it). */
  whenIdle(): Promise<void>;
  /** What the sync is doing, in words, for diagnostics. */
  describeSync(): string;
  /** A range of the user's entries as CSV, streamed to `out` (the command line's export; export/exporter.ts). */
  exportCsv: Exporter['stream'];
  /** Stops the poll and the outbox worker; what is queued stays on disk. */
  stop(): Promise<void>;
}

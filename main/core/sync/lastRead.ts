// What core last read from the service, kept on disk beside the account's journal
// (<account folder>/last-read.json), so an account opened offline, after a restart or a switch,
// shows at once what it showed before (its timers, today's and the week's entries, its projects,
// the user's settings) and says how old it is. Only the service's data: never a token. Written
// when a read lands, a moment later so one round of reads is one write, whole (a temporary file
// renamed over the old one), this user's alone (0600); read back with a light check of its shape:
// an unreadable or foreign file is no last read, as a first start has none.

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../platform/privateFiles';
import type { ServiceData } from './serviceData';

export const LAST_READ_FILE = 'last-read.json';
/** Reads landing within this of each other (a round of user, projects, timers, entries) make one write. */
export const LAST_READ_DELAY_MS = 1_000;

export interface LastRead {
  /** Epoch ms the latest of its reads landed. */
  at: number;
  data: ServiceData;
}

/** The account folder's last read, or null when there is none to trust. */
export function readLastRead(dir: string): LastRead | null {
  try {
    const file = JSON.parse(readFileSync(join(dir, LAST_READ_FILE), 'utf8')) as unknown;
    return looksLikeLastRead(file) ? { at: file.at, data: file.data } : null;
  } catch {
    return null;
  }
}

export function writeLastRead(dir: string, lastRead: LastRead): void {
  makePrivateDir(dir);
  const path = join(dir, LAST_READ_FILE);
  // One name: the data folder is one app's (accounts/dataFolderLock.ts), and a write a kill cut short is overwritten by the next.
  const temporary = `${path}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify({ version: 1, ...lastRead }), { mode: PRIVATE_FILE_MODE });
    renameSync(temporary, path);
  } catch (error) {
    // A full disk loses only the copy for offline: the service still has everything.
    rmSync(temporary, { force: true });
    console.warn(`Stint: the last read could not be kept on disk: ${(error as Error).message}`);
  }
}

/**
 * Keeps the last read on disk a moment after a read landed; flush() writes what is due at once (the
 * core stops). A real timer, not core's clock: it only gathers writes, and shows the user nothing.
 */
export function lastReadKeeper(dir: string, current: () => LastRead) {
  let due: NodeJS.Timeout | null = null;
  const flush = () => {
    if (due === null) return;
    clearTimeout(due);
    due = null;
    writeLastRead(dir, current());
  };
  return {
    landed() {
      if (due !== null) return;
      due = setTimeout(flush, LAST_READ_DELAY_MS);
      due.unref();
    },
    flush,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isList = (v: unknown, item: (x: unknown) => boolean) => Array.isArray(v) && v.every(item);

/** The shape deriveSnapshot relies on; each item's fields were written by writeLastRead from a read. */
function looksLikeLastRead(file: unknown): file is { at: number; data: ServiceData } {
  if (!isObject(file) || file.version !== 1 || typeof file.at !== 'number' || !isObject(file.data)) return false;
  const d = file.data;
  const entries = (v: unknown) => isList(v, (e) => isObject(e) && typeof e.minutes === 'number');
  return (
    isList(d.projects, (p) => isObject(p) && typeof p.id === 'number' && typeof p.name === 'string') &&
    isList(d.timers, (t) => isObject(t) && typeof t.projectId === 'number' && typeof t.seconds === 'number') &&
    (d.entries === null || (isObject(d.entries) && typeof d.entries.date === 'string' && entries(d.entries.list))) &&
    (d.week === null || (isObject(d.week) && typeof d.week.start === 'string' && entries(d.week.list))) &&
    (d.weekStart === 'monday' || d.weekStart === 'sunday') &&
    (d.timeFormat === 'fraction' || d.timeFormat === 'hours_minutes') &&
    (d.user === null || isObject(d.user)) &&
    (d.userId === null || typeof d.userId === 'number')
  );
}

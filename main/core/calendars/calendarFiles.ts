// What Stint keeps of the user's calendars on disk, never an address: <dataDir>/calendars.json
// (each calendar's id, kind, redacted label, the user's address in its invitations, when it was
// last read; the dismissed occurrences; the project remembered for each event's UID) and, for
// offline, each calendar's last text in <dataDir>/calendars/<id>.ics (event data only). Files 0600.

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { makePrivateDir } from '../../../platform/privateFiles';

export const CALENDARS_FILE = 'calendars.json';
const CACHE_DIR = 'calendars';
/** Dismissals kept, newest last: older ones are of occurrences long past. */
const MAX_DISMISSED = 5000;

const calendarEntry = z.object({
  id: z.string().regex(/^[a-f0-9-]{36}$/),
  kind: z.enum(['url', 'file']),
  label: z.string().max(500),
  /** The user's address in this calendar's invitations (PARTSTAT=DECLINED under it leaves an event out). */
  email: z.string().max(320).nullable(),
  readAt: z.number().nullable(),
});

const calendarsFile = z.object({
  version: z.literal(1),
  calendars: z.array(calendarEntry).max(50),
  dismissed: z.array(z.string().max(2000)),
  projects: z.record(z.string(), z.string()),
});

export type CalendarEntry = z.infer<typeof calendarEntry>;
export type CalendarsFile = z.infer<typeof calendarsFile>;

const empty = (): CalendarsFile => ({ version: 1, calendars: [], dismissed: [], projects: {} });

/** The file's contents; a missing or unreadable file is no calendars (the addresses are in the keychain, the user adds them again). */
export function readCalendarsFile(dataDir: string): CalendarsFile {
  try {
    return calendarsFile.parse(JSON.parse(readFileSync(join(dataDir, CALENDARS_FILE), 'utf8')));
  } catch {
    return empty();
  }
}

export function writeCalendarsFile(dataDir: string, state: CalendarsFile): void {
  const kept = { ...state, dismissed: state.dismissed.slice(-MAX_DISMISSED) };
  writePrivate(dataDir, CALENDARS_FILE, `${JSON.stringify(calendarsFile.parse(kept), null, 2)}\n`);
}

/** Read off the loop: a cached calendar may weigh 50 MB. */
export async function readCachedText(dataDir: string, id: string): Promise<string | null> {
  return readFile(join(dataDir, CACHE_DIR, `${id}.ics`), 'utf8').catch(() => null);
}

export function writeCachedText(dataDir: string, id: string, text: string): void {
  makePrivateDir(join(dataDir, CACHE_DIR));
  writePrivate(join(dataDir, CACHE_DIR), `${id}.ics`, text);
}

export function removeCachedText(dataDir: string, id: string): void {
  rmSync(join(dataDir, CACHE_DIR, `${id}.ics`), { force: true });
}

/** Written whole beside and renamed over: a crash leaves the old file or the new one. */
function writePrivate(dir: string, name: string, text: string): void {
  const temporary = join(dir, `.${name}.tmp`);
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, join(dir, name));
}

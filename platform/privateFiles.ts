// Files only this OS user may open: the app's and the service's data folders 0700, their files
// 0600 (the database and its WAL, the outbox journal, accounts.json, settings.json). New ones are
// created so; folders that an earlier version (or a umask) left open to others are tightened at
// start. On Windows a user's profile is per-user by default and POSIX modes mean little, so
// nothing is changed there.

import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/** Creates the folder (and its parents) for this user only; an existing one is tightened. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (posix) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty if it is missing, for this user only; an existing one is tightened. */
export function makePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  if (posix) chmodSync(path, PRIVATE_FILE_MODE);
}

/** Tightens a folder and everything below it: folders 0700, regular files 0600; links are left alone. */
export function tightenTree(dir: string): void {
  if (!posix) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const name of entries) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) tightenTree(path);
    else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

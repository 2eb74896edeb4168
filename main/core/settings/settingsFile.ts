// The settings file's bytes: read as JSON, written whole and atomically. It replaced conf (and
// its ajv, +11 MB resident at the account's open) for a file of six keys the settings' own rules
// check anyway. The layout is conf's, so a file reads the same in either version of Stint:
// JSON indented by one tab, no newline at the end, the migration's version under __internal__.

import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../../platform/privateFiles';

export type StoredValues = Record<string, unknown>;

/** The file's values; {} when there is none. Throws when it is not JSON, or not an object. */
export function readSettingsFile(path: string): StoredValues {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${basename(path)} does not hold an object`);
  }
  return parsed as StoredValues;
}

/**
 * Replaces the file with these values: a temp file beside it (0600) written and flushed, renamed
 * over it, the folder flushed, so a crash leaves the old file or the new one, never half of one.
 * A temp file left by a crash is never read.
 */
export function writeSettingsFile(path: string, values: StoredValues): void {
  const dir = dirname(path);
  // The folder may have been removed since the open (conf made it again too); only this user's.
  makePrivateDir(dir);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, JSON.stringify(values, undefined, '\t'));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameOver(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  flushFolder(dir);
}

/** How often, and how far apart, a rename Windows refused for a moment is tried again. */
export const RENAME_TRIES = 10;
const RENAME_PAUSE_MS = 50;
const BUSY = new Set(['EPERM', 'EBUSY', 'EACCES']);

/**
 * Renames the temp file over the settings file. On Windows an antivirus or indexer that has the
 * file open makes the rename fail with EPERM, EBUSY or EACCES for a moment (conf's `atomically`
 * retried it too), so such a failure is tried again for up to half a second before it is one.
 */
export function renameOver(
  from: string,
  to: string,
  rename: (from: string, to: string) => void = renameSync,
  platform: NodeJS.Platform = process.platform,
): void {
  for (let tried = 1; ; tried++) {
    try {
      rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (platform !== 'win32' || !BUSY.has(code) || tried >= RENAME_TRIES) throw error;
      // The settings are written from synchronous code: a short blocking pause, at most 0.5 s in all.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RENAME_PAUSE_MS);
    }
  }
}

/** Makes the rename itself durable. Windows cannot open a folder, and flushes the rename itself. */
function flushFolder(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// Where the running app listens for the `stint` command line, and the few rules both ends share.
// Plain Node only (no zod, nothing of core): the command line imports this file, and every
// millisecond it loads is in each command's start-up.

import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** The socket's name in the data folder (macOS, Linux). */
export const SOCKET_NAME = 'stint.sock';

/** A call is small (a description is at most 10,000 characters): a longer line is not one of ours (as the web bridge's MAX_PAYLOAD). */
export const MAX_FRAME_BYTES = 256 * 1024;

/**
 * The longest socket path the platforms take (sun_path: 108 bytes on Linux, 104 on macOS, with
 * its terminating zero); a longer data folder gets a clear error instead of a truncated address.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

/**
 * The app's address for the command line: `<dataDir>/stint.sock` (a Unix domain socket), or on
 * Windows a named pipe whose name hashes the data folder and the user, so two users' apps (and
 * two data folders) never share one.
 */
export function cliSocketPath(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  user: string = userInfo().username,
): string {
  if (platform !== 'win32') return join(dataDir, SOCKET_NAME);
  const hash = createHash('sha256').update(`${user}\0${dataDir.toLowerCase()}`).digest('hex').slice(0, 32);
  return `\\\\.\\pipe\\stint-${hash}`;
}

/**
 * The only calls the command line may make: reading the snapshot and the actions its commands
 * take (createProject: `stint start` on a new name, as the window's Start; setDefaultAccount:
 * `--account NAME`, the window's Make default). Adding and removing accounts, settings, sign-in
 * and the failed-operation calls stay the window's.
 */
export const CLI_CHANNELS = [
  'getSnapshot',
  'createProject',
  'quickEntry',
  'logLines',
  'startTimer',
  'pauseTimer',
  'toggleLastTimer',
  'showWeek',
  'setDefaultAccount',
  'exportCsv',
] as const;
export type CliChannel = (typeof CLI_CHANNELS)[number];

/** One call: a line of JSON. `id` is the caller's, echoed in the answer. */
export interface CliRequestFrame {
  id: number;
  channel: CliChannel;
  request: unknown;
}

/**
 * Before exportCsv's answer, the CSV itself comes in chunk frames (a page of rows at most, in
 * order) and its progress in progress frames, all with the call's id (connection.ts).
 */
export type CliStreamFrame =
  | { id: number; chunk: string }
  | { id: number; progress: { entries: number; pages: number } };

/** One answer: the contract's Result for the call with this id; `id: null` when the frame had none usable. */
export interface CliAnswerFrame {
  id: number | null;
  result: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; field?: string } };
}

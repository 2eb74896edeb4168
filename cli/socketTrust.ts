// Whether a socket found in a data folder can be this user's app (macOS, Linux). The app makes its
// folder 0700 and its socket 0600 and refuses a folder it cannot make so; a folder another user
// owns, or one others may write in, could hold anyone's listening stint.sock, and whatever answers
// there would be sent the user's lines and believed. The folder is checked first: once it is this
// user's and closed to others, no one else can put or swap a socket in it (root aside, who can
// read the database anyway). Windows' named pipes have no such folder (cliSocket/server.ts).

import { lstatSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The socket at `path` is not one this user's app could have made: nothing is sent to it. */
export class UntrustedSocketError extends Error {
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(
      `Not using ${path}: ${why}. Stint's data folder is this user's alone (mode 700); give --data a folder of yours that only you can write in.`,
    );
  }
}

const mode = (stat: Stats) => (stat.mode & 0o777).toString(8);

/** Throws UntrustedSocketError when the socket or its folder is another user's or writable by others; a missing one passes (no app there). */
export function checkSocketTrust(
  path: string,
  uid: number | undefined = process.getuid?.(),
  platform: NodeJS.Platform = process.platform,
): void {
  if (platform === 'win32' || uid === undefined) return;
  const folder = dirname(path);
  // The folder as reached (a link to it is the user's choice); the socket itself, never followed.
  const folderStat = statOrNull(() => statSync(folder));
  if (!folderStat) return;
  if (folderStat.uid !== uid) throw new UntrustedSocketError(path, `the folder ${folder} belongs to another user`);
  if (folderStat.mode & 0o022)
    throw new UntrustedSocketError(path, `other users may write in the folder ${folder} (mode ${mode(folderStat)})`);
  const socketStat = statOrNull(() => lstatSync(path));
  if (!socketStat) return;
  if (socketStat.uid !== uid) throw new UntrustedSocketError(path, 'the socket belongs to another user');
  if (socketStat.mode & 0o022)
    throw new UntrustedSocketError(path, `other users may write to the socket (mode ${mode(socketStat)})`);
}

function statOrNull(read: () => Stats): Stats | null {
  try {
    return read();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

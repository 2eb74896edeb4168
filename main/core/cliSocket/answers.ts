// Whether something listens on a Unix domain socket (or a named pipe): the command line's socket
// and the data folder's lock both ask before they take over a file. A file of its own so the lock,
// taken before the tray is drawn, loads none of the command line's server (nor, through it, the
// calls' schemas).

import { createConnection } from 'node:net';

/** Whether a server accepts a connection at `path` (within a second). */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (result: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done(false), 1000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// Whether something listens on a Unix domain socket (or a named pipe): the command line's socket
// and the data folder's lock both ask before they take over a file. A file of its own so the lock,
// taken before the tray is drawn, loads none of the command line's server (nor, through it, the
// calls' schemas).

import { createConnection } from 'node:net';

/**
 * Whether a server may be listening at `path`: false only when the system says nothing listens
 * there (ECONNREFUSED: a file no process binds, left by a killed app; ENOENT: no file). A
 * connection not made within a second counts as an answer: on a loaded machine a live owner's
 * accept, or this process's own turn to see it, can take that long, and taking a live owner's
 * socket for stale would let two apps hold one data folder (seen at load 20).
 */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (result: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done(true), 1000);
    socket.once('connect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code !== 'ECONNREFUSED' && error.code !== 'ENOENT'),
    );
  });
}

// What the command line's connections may hold in the app, together and each: the socket is this
// user's only, but a broken script (or anything running as the user) could open thousands of
// connections, each with a line it never finishes, and keep them open. Counted by the server
// (CliSocketServer.stats), not guessed from the process's memory.

export interface SocketLimits {
  /** Connections served at once; one more is told why and closed. */
  maxConnections: number;
  /** Bytes of unfinished lines and calls waiting, over every connection together. */
  maxHeldBytes: number;
  /** How long a line may stay half-sent (a local socket sends 256 KiB in milliseconds). */
  frameTimeoutMs: number;
  /** How long a connection may send nothing while nothing of it is being answered. */
  idleTimeoutMs: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxConnections: 32,
  maxHeldBytes: 16 * 1024 * 1024,
  frameTimeoutMs: 10_000,
  idleTimeoutMs: 10 * 60_000,
};

/** The bytes all connections hold, shared by the server and each connection it serves. */
export interface HeldBytes {
  total: number;
}

export const TOO_MANY_CONNECTIONS = (max: number) =>
  `Too many command lines connected to Stint at once (${max}): try again once one has finished. Nothing was done.`;
export const TOO_MUCH_HELD = (max: number) =>
  `The command lines connected hold too much at once (over ${max / 1024 / 1024} MiB of calls not yet answered): try again shortly. The calls not yet answered were not done.`;
export const FRAME_TIMED_OUT = (ms: number) =>
  `A call was left half-sent for ${ms / 1000} s: the connection is closed. Nothing was done with it.`;
export const IDLE_TIMED_OUT = (ms: number) =>
  `No call for ${ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${ms / 1000} s`}: the connection is closed (connect again to make one).`;

// Stint's broadcast receiver (issue 5): a loopback server (server.ts) registered with the service
// as a receiver of the timer subject, so a timer changed elsewhere is re-read when the service
// says so instead of by polling.
//
// Only for a service that can reach 127.0.0.1, which today means the embedded local account (its
// service runs in this process). A remote service cannot reach a port on this machine, so remote
// accounts register no receiver and keep polling.
//
// One receiver per account, kept across restarts: its id and port are in a small state file
// (state.ts), its secret in the keychain. On start the stored receiver is reused when the service
// still has it and the keychain still has its secret (told the new port if it changed); otherwise
// a new one is made and the stale one deleted. Registration failing is not an error for the app:
// it is reported once and the app keeps polling (live stays false).
import { isApiError, isNotFound, nullIfNotFound } from '../../../api/errors';
import type { ServiceApi } from '../../../api/types';
import type { BroadcastReceiver } from '../../../api/types';
import type { SecretStore } from '../../../../platform/keychain';
import { createGate, type Gate } from './admitBroadcast';
import { RECEIVER_PATH, startReceiverServer, type ReceiverServer } from './server';
import { deleteState, readState, writeState, type ReceiverState } from './state';
import { SUBJECT } from './verify';

export const RECEIVER_NAME = 'Stint desktop';
const SECRET_KEY = 'receiver-secret';

export interface BroadcastOptions {
  api: ServiceApi;
  secrets: SecretStore;
  /** The account id whose keychain item holds the receiver's secret. */
  account: string;
  /** The account's own data folder; the state file goes there. */
  dataDir: string;
  /** A verified broadcast arrived: re-read what it names. */
  onBroadcast(lastEvent: string): void;
  /** The clock that stamps sent_at (the service's); default Date.now. */
  now?: () => number;
  /** Where the one report of a failed registration goes; default console.warn. */
  warn?(message: string): void;
}

export interface Broadcasts {
  /** A receiver is registered and listening: the service announces timer changes. */
  readonly live: boolean;
  /** The receiver's id on the service, once registered. */
  readonly receiverId: number | null;
  /** The port listened on; null when not listening. */
  readonly port: number | null;
  /** Stops listening (on quit); the receiver stays registered for the next start. */
  stop(): Promise<void>;
  /**
   * Stops, deletes the receiver on the service, its secret from the keychain and the state file
   * (signing out, removing the account). Local cleanup happens even when the service cannot be
   * reached; that failure is then thrown.
   */
  remove(): Promise<void>;
}

export async function startBroadcasts(options: BroadcastOptions): Promise<Broadcasts> {
  const stored = await readState(options.dataDir);
  let gate: Gate | null = null;
  let server: ReceiverServer | null = null;
  let receiverId: number | null = null;

  try {
    server = await startReceiverServer({
      preferredPort: stored?.port,
      // Until registration is done there is nothing to verify against.
      check: (body, headers) => (gate ? gate.check(body, headers) : { status: 503, reason: 'not ready' }),
    });
    const receiver = await register(options, stored, server.url);
    receiverId = receiver.id;
    if (stored?.receiverId !== receiver.id || stored.port !== server.port)
      await writeState(options.dataDir, { receiverId: receiver.id, port: server.port });
    gate = createGate({
      receiverId: receiver.id,
      secret: receiver.secret,
      now: options.now,
      onVerified: options.onBroadcast,
    });
  } catch (error) {
    (options.warn ?? console.warn)(`Stint: timer broadcasts are off, polling instead (${describe(error)}).`);
    await server?.close();
    server = null;
  }

  const stop = async () => {
    const s = server;
    server = null;
    gate = null;
    await s?.close();
  };

  return {
    get live() {
      return server !== null && gate !== null;
    },
    get receiverId() {
      return receiverId;
    },
    get port() {
      return server?.port ?? null;
    },
    stop,
    async remove() {
      await stop();
      const id = receiverId ?? stored?.receiverId ?? null;
      // Every step is tried; the first failure is thrown once all have run.
      const failures: unknown[] = [];
      const attempt = (work: Promise<unknown>) => work.catch((error: unknown) => void failures.push(error));
      if (id !== null) await attempt(deleteReceiver(options.api, id));
      await attempt(options.secrets.delete(options.account, SECRET_KEY));
      await attempt(deleteState(options.dataDir));
      receiverId = null;
      if (failures.length > 0) throw failures[0];
    },
  };
}

/** The receiver to use, reused or new, with its secret. */
async function register(
  options: BroadcastOptions,
  stored: ReceiverState | null,
  payloadUri: string,
): Promise<{ id: number; secret: string }> {
  const { api } = options;
  const secret = await options.secrets.get(options.account, SECRET_KEY);
  let stale: number | null = null;
  if (stored) {
    const existing = await findReceiver(api, stored.receiverId);
    // Not ours (the service's data was replaced and the id reused): leave it alone.
    if (existing && ours(existing)) {
      if (secret && existing.state === 'enabled' && hears(existing)) {
        if (existing.payload_uri !== payloadUri)
          await api.updateBroadcastReceiver(existing.id, { payload_uri: payloadUri });
        return { id: existing.id, secret };
      }
      // Its secret is lost, or someone disabled or unsubscribed it: replace it rather than leave
      // the service posting to a port we may no longer own.
      stale = existing.id;
    }
  }

  const created = await api.createBroadcastReceiver({
    name: RECEIVER_NAME,
    payload_uri: payloadUri,
    subjects: [SUBJECT],
  });
  try {
    if (!created.secret) throw new Error('the service answered no secret for the new receiver');
    await options.secrets.set(options.account, SECRET_KEY, created.secret);
  } catch (error) {
    // A receiver whose secret nobody holds can never be verified: do not leave it behind.
    await deleteReceiver(api, created.id).catch(() => {});
    throw error;
  }
  // After the new one exists: failing to delete the old one costs nothing but its posts, refused.
  if (stale !== null) await deleteReceiver(api, stale).catch(() => {});
  return { id: created.id, secret: created.secret };
}

/** The receiver, or null when the service no longer has it. */
async function findReceiver(api: ServiceApi, id: number): Promise<BroadcastReceiver | null> {
  return api.getBroadcastReceiver(id).catch(nullIfNotFound);
}

/** Deleted, or already gone. */
async function deleteReceiver(api: ServiceApi, id: number): Promise<void> {
  try {
    await api.deleteBroadcastReceiver(id);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** Posts to a Stint receiver on this machine. */
function ours(r: BroadcastReceiver): boolean {
  try {
    const url = new URL(r.payload_uri);
    return url.hostname === '127.0.0.1' && url.pathname === RECEIVER_PATH;
  } catch {
    return false;
  }
}

const hears = (r: BroadcastReceiver) => r.subjects.includes(SUBJECT) || r.subjects.includes('*');

/** A failure in words, without anything secret: API errors by kind and status only. */
function describe(error: unknown): string {
  if (isApiError(error)) return `the service answered ${error.kind}${error.status ? ` (${error.status})` : ''}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

// What Stint remembers of its broadcast receiver between runs: the receiver's id on the service
// and the port it was told to POST to, in <account data>/broadcast-receiver.json. Not the secret:
// that lives in the keychain (SecretStore key 'receiver-secret').
import { readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReceiverState {
  receiverId: number;
  port: number;
}

export const STATE_FILE = 'broadcast-receiver.json';

export const statePath = (dataDir: string) => join(dataDir, STATE_FILE);

/** The stored state, or null when there is none or it is unreadable (then a new receiver is made). */
export async function readState(dataDir: string): Promise<ReceiverState | null> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(statePath(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { receiverId, port } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(receiverId) || (receiverId as number) <= 0) return null;
  if (!Number.isInteger(port) || (port as number) <= 0 || (port as number) > 65535) return null;
  return { receiverId: receiverId as number, port: port as number };
}

/** Written whole to a temporary file and renamed over the old one, so a crash leaves one or the other. */
export async function writeState(dataDir: string, state: ReceiverState): Promise<void> {
  const path = statePath(dataDir);
  await writeFile(`${path}.tmp`, `${JSON.stringify({ receiverId: state.receiverId, port: state.port })}\n`, {
    mode: 0o600,
  });
  await rename(`${path}.tmp`, path);
}

export async function deleteState(dataDir: string): Promise<void> {
  await rm(statePath(dataDir), { force: true });
}

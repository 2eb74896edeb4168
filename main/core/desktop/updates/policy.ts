// The app's own update as a state machine: idle → checking → available(version) →
// downloading(percent) → ready(version), or failed(reason) from any step but ready. The shell
// (main/shell/updater.ts) turns electron-updater's events into UpdateEvents and shows the state;
// the decisions (what a step means, which failure is which, whether to check now) are made here.
// A failure is calm: it is a state with a reason in words, never a dialog, and the next check
// (scheduler.ts) tries again.

import type { UpdateView } from '../../../../common/snapshot';

export type UpdateState = UpdateView;

/** What electron-updater reported, as data. */
export type UpdateEvent =
  | { kind: 'checking' }
  /** No newer version: the feed's is this one, or older (a downgrade is refused). */
  | { kind: 'none' }
  | { kind: 'available'; version: string }
  | { kind: 'progress'; percent: number }
  /** Downloaded, its sha512 the feed's and (on Linux) its signature the release key's; refused otherwise: an error. */
  | { kind: 'downloaded'; version: string }
  | { kind: 'error'; code?: string; message: string };

export const initialUpdateState = (): UpdateState => ({ state: 'idle' });

export function stepUpdate(state: UpdateState, event: UpdateEvent): UpdateState {
  switch (event.kind) {
    case 'checking':
      // A download under way or waiting for the restart is not given up for a look at the feed.
      return busy(state) ? state : { state: 'checking' };
    case 'none':
      return state.state === 'checking' ? { state: 'idle' } : state;
    case 'available':
      return state.state === 'ready' ? state : { state: 'available', version: event.version };
    case 'progress':
      if (state.state !== 'available' && state.state !== 'downloading') return state;
      return { state: 'downloading', version: state.version, percent: clampPercent(event.percent) };
    case 'downloaded':
      return { state: 'ready', version: event.version };
    case 'error':
      // Once downloaded and verified, a later failure (a look at the feed) does not take the restart
      // away; a file refused at the install (its signature checked again then) does.
      if (state.state === 'ready' && !SIGNATURE_CODES.has(event.code ?? '')) return state;
      return { state: 'failed', reason: failureReason(event) };
  }
}

/** Whether a download is under way or done: no new check is started then. */
export function busy(state: UpdateState): boolean {
  return state.state === 'available' || state.state === 'downloading' || state.state === 'ready';
}

/** Whether a check is due now (the scheduler's hours have come): not while one runs or a download is under way. */
export function shouldCheck(state: UpdateState): boolean {
  return state.state !== 'checking' && !busy(state);
}

/** Whole percents, 0 to 99 until the file is verified (100 only once it is ready). */
const clampPercent = (percent: number): number =>
  Number.isFinite(percent) ? Math.min(99, Math.max(0, Math.floor(percent))) : 0;

/** Connection failures, as Node names them and as Chromium's network stack (Electron's net) does. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
]);
const UNREACHABLE_MESSAGE = /net::ERR_(CONNECTION|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|ADDRESS|TIMED_OUT|NETWORK)/;

/** The codes main/shell/updateGuards.ts gives what it refuses (electron-updater's own are ERR_UPDATER_*). */
export const UPDATE_REFUSALS = {
  /** No `<file>.sig` beside a Linux update's file on the feed. */
  unsigned: 'ERR_STINT_UPDATE_UNSIGNED',
  /** A `<file>.sig` that is not the release key's signature of the downloaded bytes. */
  badSignature: 'ERR_STINT_UPDATE_BAD_SIGNATURE',
  /** A request (the feed, a file, a redirect) to an address that is not https:. */
  notHttps: 'ERR_STINT_UPDATE_NOT_HTTPS',
} as const;

/** Refusals of who signed the file (ours, and Windows' Authenticode check by electron-updater). */
const SIGNATURE_CODES = new Set<string>([
  UPDATE_REFUSALS.unsigned,
  UPDATE_REFUSALS.badSignature,
  'ERR_UPDATER_INVALID_SIGNATURE',
]);

/** Why an update failed, in words a user can act on (or calmly ignore). */
export function failureReason(error: { code?: string; message: string }): string {
  const code = error.code ?? '';
  if (code === 'ERR_CHECKSUM_MISMATCH')
    return 'The downloaded update did not match its published checksum (sha512), so it was not installed.';
  if (code === UPDATE_REFUSALS.unsigned)
    return 'The update was published without a signature from Stint’s release key, so it was not installed.';
  // Squirrel.Mac says "Code signature at URL … did not pass validation" (no code).
  if (
    code === UPDATE_REFUSALS.badSignature ||
    code === 'ERR_UPDATER_INVALID_SIGNATURE' ||
    /code signature/i.test(error.message)
  )
    return 'The downloaded update is not signed by Stint’s publisher, so it was not installed.';
  if (code === UPDATE_REFUSALS.notHttps)
    return 'The update server sent Stint to an address that is not HTTPS, so nothing was downloaded from it.';
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_MESSAGE.test(error.message) || /timed out/i.test(error.message))
    return 'The update server could not be reached.';
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || code === 'HTTP_ERROR_404')
    return 'The update server has no update for this system.';
  if (/^HTTP_ERROR_5\d\d$/.test(code)) return 'The update server answered with an error.';
  if (code === 'ERR_UPDATER_INVALID_VERSION' || code === 'ERR_UPDATER_INVALID_UPDATE_INFO')
    return 'The update server offered an update Stint cannot read.';
  return 'The update could not be checked or downloaded.';
}

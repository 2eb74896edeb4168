// Every handler answers a Result: errors cross process boundaries as data, never as thrown objects.

export type ErrorCode =
  | 'invalid_argument' // the request did not match the contract
  | 'invalid_input' // the user's text did not parse (quick entry, project name)
  | 'not_found'
  | 'forbidden'
  | 'rejected' // the service refused it (a 4xx that retrying cannot fix)
  | 'unavailable' // the app itself went away before it answered (the command line's connection closed)
  | 'internal';

export interface ActionError {
  code: ErrorCode;
  /** A sentence for the user in English, shown where the input was typed when `words` is absent; logs and `--json` keep it. */
  message: string;
  /**
   * The same sentence as a catalog message (common/i18n/catalogs/): the window and the `stint`
   * command say it in the user's language. Plain values only: it crosses IPC and the web host's JSON.
   */
  words?: MessageRef;
  /** Which input the message is about, when there is one. */
  field?: string;
  /** The technical words behind the message (a network error's code and address), shown on demand. */
  detail?: string;
}

/** A catalog message by id, with its arguments. */
export interface MessageRef {
  id: string;
  values?: Readonly<Record<string, string | number>>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ActionError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string, field?: string): Result<never> => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});

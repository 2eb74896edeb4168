// A refusal in the user's language as well as in English: `message` stays the English sentence
// (logs and `stint --json` keep it), `words` names the same sentence in the catalogs
// (common/i18n/catalogs/refusals/), which the window and the `stint` command say instead.

import { type ErrorCode, fail, type MessageRef, type Result } from './result';

/** fail(...) with the catalog message `id` (its arguments `values`) beside the English `message`. */
export function refuse(
  code: ErrorCode,
  words: MessageRef,
  message: string,
  field?: string,
): Result<never> & { ok: false } {
  const failed = fail(code, message, field) as Result<never> & { ok: false };
  return { ok: false, error: { ...failed.error, words } };
}

/** A MessageRef, so a table of refusals reads as `said('refusals.noTimer')`. */
export const said = (id: string, values?: MessageRef['values']): MessageRef => (values ? { id, values } : { id });

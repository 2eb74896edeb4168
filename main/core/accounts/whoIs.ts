// Before an account is saved, its credential is tried: GET /v2/current_user at the given address.
// What goes wrong is said at the field the user can fix: the address (not http(s), nothing
// answering, no service API there) or the token (refused).

import { createServiceApi } from '../../api/client';
import { isApiError } from '../../api/errors';
import { unreachable } from '../../api/unreachable';
import type { ConnectionOptions, Credentials } from '../../api/options';
import { fail, ok, type Result } from '../../../common/result';
import { isHttpUrl, normalBaseUrl } from './registry';

export interface Identity {
  email: string;
  name: string;
}

/** The base URL as typed, checked and normalised; refused at the field `baseUrl`. */
export function readBaseUrl(typed: string): Result<string> {
  const text = typed.trim();
  if (text === '')
    return fail('invalid_input', "Enter the service's address, like https://time.example.com.", 'baseUrl');
  if (!isHttpUrl(text))
    return fail('invalid_input', 'The address must start with http:// or https:// and name a host.', 'baseUrl');
  return ok(normalBaseUrl(text));
}

/**
 * Who the credential belongs to at `baseUrl`. `credentialField` is where a refusal is shown (the
 * pasted token's field, or the sign-in as a whole).
 */
export async function whoIs(
  baseUrl: string,
  credentials: Credentials,
  credentialField: string,
  connection: ConnectionOptions = {},
): Promise<Result<Identity>> {
  // One quick try: the user is waiting at the form, and a retry loop would only delay the answer.
  const api = createServiceApi({
    ...connection,
    baseUrl,
    credentials,
    retries: 0,
    timeoutMs: connection.timeoutMs ?? 10_000,
  });
  try {
    const user = await api.getCurrentUser();
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
    return ok({ email: user.email, name });
  } catch (error) {
    if (!isApiError(error)) throw error;
    switch (error.kind) {
      case 'unauthorized':
      case 'forbidden':
        return fail(
          'rejected',
          `The service at ${baseUrl} refused this ${credentials.kind === 'personal' ? 'token' : 'sign-in'}.`,
          credentialField,
        );
      case 'not_found':
      case 'protocol':
        return fail(
          'rejected',
          `There is no time-tracking service API at ${baseUrl} (GET /v2/current_user answered ${error.status ?? 'nonsense'}).`,
          'baseUrl',
        );
      default: {
        // In words, with the system's own behind a Details disclosure (unreachable.ts).
        const why = unreachable(error);
        return {
          ok: false,
          error: {
            code: 'rejected',
            message: why?.message ?? `Stint could not reach ${baseUrl}.`,
            field: 'baseUrl',
            detail: why?.detail ?? error.message,
          },
        };
      }
    }
  }
}

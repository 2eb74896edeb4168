// OAuth refusals as typed errors. The token endpoint answers 400 with {error, error_description}
// (spec 000 "Token endpoint errors"); the authorize step sends error and error_description back
// in the redirect (spec 000 step 2). Either becomes an OAuthError carrying the OAuth error value,
// so a caller can tell "sign in again" (invalid_grant) from a misconfigured application
// (invalid_client) without reading messages.
//
// Secrets never reach a message: a description is scrubbed of the values the request carried
// (a server that echoes the refresh token or the code back would otherwise put it in a log).
import { ApiError, type ApiErrorKind } from '../errors';
import type { FailedReply } from '../responseError';

/** Values of error of spec 000 steps 2 and 3; a server may send others, kept as sent. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable'
  | (string & {});

export class OAuthError extends ApiError {
  /** The OAuth error value, e.g. invalid_grant. */
  readonly error: OAuthErrorCode;
  /** error_description, scrubbed of secrets; '' when none was given. */
  readonly description: string;

  /** `kind` overrides what the error value means when the request path knows better (a 5xx to a call that must not run twice). */
  constructor(init: {
    error: string;
    description: string;
    status?: number | null;
    method: string;
    url: string;
    message: string;
    kind?: ApiErrorKind | undefined;
    retryAfterMs?: number | null | undefined;
  }) {
    super({
      kind: init.kind ?? kindOfOAuthError(init.error),
      status: init.status,
      method: init.method,
      url: init.url,
      message: init.message,
      retryAfterMs: init.retryAfterMs ?? null,
    });
    this.name = 'OAuthError';
    this.error = init.error;
    this.description = init.description;
  }
}

export const isOAuthError = (e: unknown): e is OAuthError => e instanceof OAuthError;

// The grant or the client is refused: sending it again cannot help (unauthorized). A malformed
// request is ours to fix (validation). The server's own trouble may pass (unavailable).
function kindOfOAuthError(error: string): ApiErrorKind {
  if (
    error === 'invalid_grant' ||
    error === 'invalid_client' ||
    error === 'unauthorized_client' ||
    error === 'access_denied'
  )
    return 'unauthorized';
  if (error === 'server_error' || error === 'temporarily_unavailable') return 'unavailable';
  return 'validation';
}

/** `text` with every secret replaced; secrets shorter than 4 characters are not looked for (they would scrub ordinary words). */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

const MAX_DESCRIPTION = 300;

/** The sentence of an OAuth refusal. */
export function describeOAuthError(error: string, description: string): string {
  const short = description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION)}…` : description;
  return `The sign-in service refused the request: ${error}${short ? ` (${short})` : ''}`;
}

/**
 * The OAuthError of a token endpoint answer that carries {error, error_description}, or null when
 * the answer is something else (a proxy's page, an empty 5xx), left to the common reader. `kind`:
 * the request path's reading of the status, which wins (a server_error to a code exchange may
 * come after the code was used: an unknown outcome, not merely unavailable).
 */
export function readTokenError(
  reply: FailedReply,
  secrets: ReadonlyArray<string | undefined>,
  kind?: ApiErrorKind,
): OAuthError | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { error, error_description } = parsed as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(error)) return null;
  const description = typeof error_description === 'string' ? redact(error_description, secrets) : '';
  const code = redact(error, secrets);
  return new OAuthError({
    error: code,
    description,
    status: reply.status,
    method: reply.method,
    url: reply.url,
    message: describeOAuthError(code, description),
    kind,
    retryAfterMs: reply.retryAfterMs,
  });
}

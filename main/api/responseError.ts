// Turns a non-2xx answer into an ApiError whose message a user can read: the service's own
// message and validation details when its error body has them, a plain sentence otherwise.
import type { ErrorBody, ValidationErrorItem } from '../../wire/serviceTypes';
import { ApiError, type ApiErrorKind } from './errors';

export interface FailedReply {
  method: string;
  url: string;
  status: number;
  text: string;
  /** the answer's Content-Type, when it had one */
  contentType?: string;
  /** a 429's Retry-After, in ms; null or absent when it named none */
  retryAfterMs?: number | null;
}

/**
 * `body`: the error body when the caller has already read it from a format of its own (v1's XML);
 * otherwise it is read here from JSON or plain text.
 */
export function errorFromReply(
  reply: FailedReply,
  kindOverride?: ApiErrorKind,
  body: ErrorBody | null = readErrorBody(reply.text, reply.contentType),
): ApiError {
  const kind = kindOverride ?? kindOfStatus(reply.status);
  return new ApiError({
    kind,
    status: reply.status,
    body,
    method: reply.method,
    url: reply.url,
    message: describe(kind, reply, body),
    retryAfterMs: reply.retryAfterMs ?? null,
  });
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'protocol';
}

/** A plain-text reason longer than this is cut: it goes into a message a user reads. */
const MAX_PLAIN_REASON = 500;

/**
 * The error body of spec 000 "Errors" when the answer has one; null for empty or foreign bodies.
 * A text/plain answer is its own message: v1 refuses a project's deletion with "a plain-text
 * reason in the body" (spec 002).
 */
export function readErrorBody(text: string, contentType = ''): ErrorBody | null {
  if (!text.trim()) return null;
  if (/^text\/plain\b/i.test(contentType)) {
    const reason = text.trim();
    return { message: reason.length > MAX_PLAIN_REASON ? `${reason.slice(0, MAX_PLAIN_REASON)}…` : reason };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return errorBodyOf(parsed);
}

/** {message, errors} of an error body already parsed (from JSON, or from v1's XML); null when it is not one. */
export function errorBodyOf(parsed: unknown): ErrorBody | null {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { message, errors } = parsed as { message?: unknown; errors?: unknown };
  const items = Array.isArray(errors) ? errors.filter(isItem) : undefined;
  if (typeof message !== 'string' && !items?.length) return null;
  return { message: typeof message === 'string' ? message : '', ...(items ? { errors: items } : {}) };
}

function isItem(x: unknown): x is ValidationErrorItem {
  return !!x && typeof x === 'object' && typeof (x as ValidationErrorItem).code === 'string';
}

function describe(kind: ApiErrorKind, reply: FailedReply, body: ErrorBody | null): string {
  const said = serviceSays(body);
  switch (kind) {
    case 'validation':
      return `The service refused it: ${said ?? `${reply.method} ${pathOf(reply.url)} answered ${reply.status}`}`;
    case 'not_found':
      return said ? `Not found: ${said}` : `Not found: ${reply.method} ${pathOf(reply.url)}`;
    case 'unauthorized':
      return `The service did not accept the credentials (missing, expired or revoked token)${said ? `: ${said}` : ''}`;
    case 'forbidden':
      return `Not allowed: ${said ?? 'the user lacks permission for this'}`;
    case 'rate_limited':
      return `The service is refusing requests for a moment (too many requests); try again ${reply.retryAfterMs ? `in ${inWords(reply.retryAfterMs)}` : 'shortly'}`;
    case 'unavailable':
      return `The service is unavailable (${reply.status})${said ? `: ${said}` : ''}`;
    case 'unknown_outcome':
      return `The service failed (${reply.status}) while handling ${reply.method} ${pathOf(reply.url)}; it may or may not have been done${said ? `: ${said}` : ''}`;
    default:
      return `Unexpected answer ${reply.status} to ${reply.method} ${pathOf(reply.url)}${said ? `: ${said}` : ''}`;
  }
}

// The body's message, plus the validation details it does not already spell out.
function serviceSays(body: ErrorBody | null): string | null {
  if (!body) return null;
  const details = (body.errors ?? [])
    .map((e) => (e.field && e.field !== 'base' ? `${e.field}: ${e.code}` : e.code))
    .filter((d) => d && !body.message.includes(d));
  if (!body.message) return details.join('; ') || null;
  return details.length ? `${body.message} (${details.join('; ')})` : body.message;
}

/** A wait the way a person says it: seconds up to two minutes, then minutes, then hours. */
function inWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.ceil(minutes / 60)} h`;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

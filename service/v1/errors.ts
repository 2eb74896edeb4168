// v1's error answers (spec 002 "Errors": 200, 201, 400 wrong data type on project update, 401
// missing user or failed Basic authentication, 404 unknown or inaccessible project, 422 invalid
// data or a broken precondition). The body is GAPS.md's {message, errors} in the request's
// format; a project's delete refusal is plain text (spec 002).
//
// Decided: spec 002 lists no 403, so what a role may not do answers 422 (a broken
// precondition, GAPS.md "Roles": "422 (v1, where its spec says so)"); v2's domain refusals
// (400 with a code, 403) become 422 with the same errors; 401 and 404 stay; every other client
// error (a body past the size limit, ...) is invalid data, 422.
import type { ValidationErrorItem } from '../../wire/serviceTypes';
import { ApiError } from '../http/errors';

export class V1Error extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ValidationErrorItem[],
    /** Answer the message alone as text/plain (DELETE /api/projects/<id>). */
    readonly plainText = false,
  ) {
    super(message);
  }
}

export const invalid = (message: string, errors?: ValidationErrorItem[]) => new V1Error(422, message, errors);

/** A user id that names no user the caller sees (spec 002: 401, "to become 404"). */
export const noSuchUser = (what: string) => new V1Error(401, `No such user: ${what}`);

export const notFound = (message: string) => new V1Error(404, message);

export interface V1Failure {
  status: number;
  message: string;
  errors?: ValidationErrorItem[];
  plainText: boolean;
}

/** What any error thrown while answering a v1 request becomes. */
export function v1Failure(error: unknown): V1Failure {
  if (error instanceof V1Error)
    return { status: error.statusCode, message: error.message, errors: error.errors, plainText: error.plainText };
  if (error instanceof ApiError) {
    const status =
      error.statusCode === 401 || error.statusCode === 404 ? error.statusCode : error.statusCode < 500 ? 422 : 500;
    return { status, message: error.message, errors: error.errors, plainText: false };
  }
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status: status === 401 || status === 404 ? status : 422,
      message: (error as Error).message,
      plainText: false,
    };
  }
  return { status: 500, message: 'Internal Server Error', plainText: false };
}

/** v1's refusals of a role (decided: 422, see above). */
export const notAllowed = (message: string) => new V1Error(422, `Not allowed: ${message}`);

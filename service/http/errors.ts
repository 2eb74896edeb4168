// The error body of every non-2xx JSON answer (GAPS.md "Errors and status codes") and the
// handlers that make sure nothing else ever reaches a client: unknown failures become a bare 500,
// fastify's own client errors (413, 415, bad URL...) keep their 4xx status. What the router refuses
// before any handler (a malformed %-escape) is answered through frameworkFailure (app.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCutWork } from '../storage/cancellation';
import type { ErrorBody, ValidationErrorItem } from '../../wire/serviceTypes';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ValidationErrorItem[],
  ) {
    super(message);
  }

  body(): ErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** v2 validation failures and custom codes all answer 400 (GAPS.md, decided). */
export const validationFailed = (errors: ValidationErrorItem[], message = 'Validation Failed') =>
  new ApiError(400, message, errors);

export const refused = (resource: string, field: string, code: string, message: string) =>
  new ApiError(400, message, [{ resource, field, code }]);

export const notFound = (what = 'Not Found') => new ApiError(404, what);
export const unauthorized = () =>
  new ApiError(
    401,
    'Unauthorized: send a valid, unexpired token in X-ServiceToken, service_token, Authorization: Bearer, access_token or Basic authentication',
  );
export const forbidden = (message = 'Forbidden: you lack the permission for this action') => new ApiError(403, message);

/**
 * What fastify's router refuses before any route or hook runs (its `frameworkErrors` option),
 * as an ApiError: a malformed %-escape in the path (FST_ERR_BAD_URL) is a bad request, 400
 * (GAPS.md "Errors"); a path segment past the router's limit keeps fastify's 414. The message
 * does not echo the path.
 */
export function frameworkFailure(error: FastifyError): ApiError {
  if (error.code === 'FST_ERR_BAD_URL') return new ApiError(400, 'Bad Request: the path holds a malformed %-escape');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new ApiError(414, 'URI Too Long: a segment of the path is too long');
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  return new ApiError(status, status < 500 ? error.message : 'Internal Server Error');
}

/** Answers a router refusal with the error body of every other answer. */
export function sendFrameworkFailure(request: FastifyRequest, reply: FastifyReply, error: FastifyError): FastifyReply {
  const failure = frameworkFailure(error);
  if (failure.statusCode >= 500) request.log.error(error);
  return reply.code(failure.statusCode).send(failure.body());
}

/**
 * Database work given up on (the request's time ran out, its client left, or PostgreSQL's own
 * timeout): rolled back, so 503 and the client may send it again (storage/cancellation.ts).
 */
export function sendCutWork(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  request.log.warn({ err: error }, 'database work cut: rolled back');
  return reply
    .code(503)
    .header('retry-after', '1')
    .send({ message: 'Service Unavailable: the database did not answer in time, and nothing was changed' });
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body());
    if (isCutWork(error)) return sendCutWork(request, reply, error);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error(error);
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));
}

// Spec 000 conventions 5: every request carries a User-Agent; those without one are rejected.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';
import { isOperationsRoute } from '../ops/health';

export function requireUserAgent(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    // Health checks (HAProxy's send none) are not API calls.
    if (isOperationsRoute(request)) done();
    else if (typeof agent !== 'string' || agent.trim() === '') {
      done(new ApiError(400, 'Missing User-Agent header: every request must carry one, for example "MyApp/1.0"'));
    } else done();
  });
}

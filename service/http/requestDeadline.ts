// Each request's database work runs under a signal (storage/cancellation.ts) that aborts when
// the request's time for it runs out (tuning.ts requestWorkMs) or when its client goes away
// before the answer: the store then cancels the statement in flight and commits nothing, and the
// request answers 503. So an answer of 5xx, or none at all, means nothing of the request was
// stored, and no write waiting behind a lock commits after its client was told it failed.
import type { FastifyInstance } from 'fastify';
import { runForRequest } from '../storage/cancellation';

export function installRequestDeadline(app: FastifyInstance, workMs: number): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), workMs);
    timer.unref();
    // 'close' before the answer was written out: the client left, or the socket was closed under it.
    reply.raw.on('close', () => {
      clearTimeout(timer);
      if (!reply.raw.writableFinished) controller.abort();
    });
    reply.raw.on('finish', () => clearTimeout(timer));
    runForRequest(controller.signal, done);
  });
}

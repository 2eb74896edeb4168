// One HTTP attempt over undici: send, read the whole answer, or fail as exchangeFailure.ts reads
// it. The wire of requests to other computers and of any attempt given a dispatcher; exchange.ts
// loads it only then, so an app that talks only to its embedded service never loads undici.
import type { Dispatcher } from 'undici';
import { type Attempt, exchangeFailure, type RawReply } from './exchangeFailure';
import { request } from './undiciRequest';

export async function undiciExchange(attempt: Attempt): Promise<RawReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), attempt.timeoutMs);
  try {
    const res = await request(attempt.url, {
      method: attempt.method as Dispatcher.HttpMethod,
      headers: attempt.headers,
      body: attempt.body,
      dispatcher: attempt.dispatcher,
      signal: controller.signal,
    });
    // The timeout covers the body too: a service that stalls mid-answer is as silent as one that never answers.
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    throw exchangeFailure(error, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

// Lists as async iterables: page 1 is fetched when iteration starts, and each further page only
// when the consumer gets there, by following the Link header's rel="next" URL exactly as the
// service gave it (spec 000 convention 9: clients follow these URLs rather than counting pages).
import { ApiError } from './errors';
import { parseLinkHeader } from './linkHeader';
import type { Transport } from './transport';

export function paginate<T>(send: Transport, firstUrl: string): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      let url: string | undefined = firstUrl;
      const seen = new Set<string>();
      while (url) {
        const reply = await send({ method: 'GET', url, safe: true });
        if (!Array.isArray(reply.body)) {
          throw new ApiError({
            kind: 'protocol',
            message: 'The service answered a list request without a list',
            method: 'GET',
            url: reply.url,
          });
        }
        seen.add(reply.url).add(new URL(url, reply.url).href);
        yield* reply.body as T[];
        url = parseLinkHeader(reply.headers.link, reply.url).next;
        // A next link pointing back at a page already read would never end.
        if (url && (seen.has(url) || seen.has(new URL(url, reply.url).href)))
          throw new ApiError({ kind: 'protocol', message: `Pagination loops back to ${url}`, method: 'GET', url });
      }
    },
  };
}

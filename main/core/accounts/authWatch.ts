// Whether the service still accepts a remote account's credential, learned from the calls core
// makes anyway: a 401 (after any refresh) means the token was revoked or expired and the user
// must sign in again; any answer after that means it works again. The settings window and the
// sign-in notification read this state from the snapshot.

import { isApiError } from '../../api/errors';
import type { ServiceApi } from '../../api/types';

export type AuthState = 'ok' | 'unauthorized';

/** `api` with every call (and every page of a list) reporting to `report`. */
export function watchAuth(api: ServiceApi, report: (state: AuthState) => void): ServiceApi {
  const seen = (error: unknown) => {
    if (isApiError(error) && error.kind === 'unauthorized') report('unauthorized');
  };
  const watchPromise = (promise: Promise<unknown>) =>
    promise.then(
      (value) => {
        report('ok');
        return value;
      },
      (error: unknown) => {
        seen(error);
        throw error;
      },
    );
  const watchIterable = (iterable: AsyncIterable<unknown>): AsyncIterable<unknown> => ({
    [Symbol.asyncIterator]() {
      const iterator = iterable[Symbol.asyncIterator]();
      return {
        next: () => watchPromise(iterator.next()) as Promise<IteratorResult<unknown>>,
        ...(iterator.return ? { return: (value?: unknown) => iterator.return!(value) } : {}),
      };
    },
  });

  return new Proxy(api, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      // Token management goes to the auth host with another credential: not this token's health.
      if (typeof value !== 'function' || property === 'tokenManagement') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) return watchPromise(result);
        if (result && typeof result === 'object' && Symbol.asyncIterator in result)
          return watchIterable(result as AsyncIterable<unknown>);
        return result;
      };
    },
  });
}

// Starts the real local service in this process and a client for it. The service's own rate
// limit is off here (rateLimit 0) except in the test of the limiter against it.
import { startService, type ServiceOptions } from '../../../service';
import { createServiceApi, type ApiOptions } from '../../../main/api/client';
import { ApiError } from '../../../main/api/errors';
import type { ServiceApi } from '../../../main/api/types';

export interface Local {
  url: string;
  token: string;
  api: ServiceApi;
  client(extra?: Partial<ApiOptions>): ServiceApi;
  close(): Promise<void>;
}

export async function startLocal(serviceRate = 0, options: ServiceOptions = {}): Promise<Local> {
  const service = await startService({ ...options, rateLimit: serviceRate });
  const client = (extra: Partial<ApiOptions> = {}) =>
    createServiceApi({
      baseUrl: service.url,
      credentials: { kind: 'personal', token: service.token },
      rateLimit: 0,
      ...extra,
    });
  return { url: service.url, token: service.token, api: client(), client, close: () => service.close() };
}

/** The ApiError a call fails with; fails the test if it succeeds or throws anything else. */
export async function failureOf(p: Promise<unknown>): Promise<ApiError> {
  const outcome = await p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof ApiError)) throw outcome.error;
  return outcome.error;
}

export { uniqueName } from '../../support/names';

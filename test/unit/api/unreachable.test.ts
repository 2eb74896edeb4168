// Why the service could not be reached, in words, from the real client's errors: a closed port
// on loopback refuses the connection.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api/errors';
import { unreachable } from '../../../main/api/unreachable';
import { closedPortUrl } from '../../support/offline';
import { createServiceApi, overEachWire } from './wires';

const failure = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
};

overEachWire(() => {
  describe('unreachable', () => {
    it('says a refused connection in words, the system’s own text in the detail', async () => {
      const baseUrl = await closedPortUrl();
      const api = createServiceApi({
        baseUrl,
        credentials: { kind: 'personal', token: 't' },
        rateLimit: 0,
        retries: 0,
      });
      const error = await failure(() => api.getCurrentUser());
      const host = new URL(baseUrl).host;
      expect(unreachable(error)).toEqual({
        message: `Cannot reach ${host}: nothing answers there.`,
        detail: expect.stringMatching(new RegExp(`^GET ${baseUrl}/v2/current_user: .*ECONNREFUSED`)),
      });
    });

    it('names a service that answers with trouble, and leaves refusals to their own words', () => {
      const at = { method: 'GET', url: 'https://time.example.com/v2/projects' };
      const busy = new ApiError({ ...at, kind: 'unavailable', status: 503, message: 'HTTP 503' });
      expect(unreachable(busy)?.message).toBe(
        'Cannot reach time.example.com: it is not working right now (it answered 503).',
      );
      const timedOut = new ApiError({
        ...at,
        kind: 'network',
        message: 'Could not reach the service (no answer in time)',
      });
      expect(unreachable(timedOut)?.message).toBe('Cannot reach time.example.com: it did not answer in time.');
      expect(unreachable(new ApiError({ ...at, kind: 'not_found', status: 404, message: 'Not found' }))).toBeNull();
      expect(unreachable(new Error('boom'))).toBeNull();
    });
  });
});

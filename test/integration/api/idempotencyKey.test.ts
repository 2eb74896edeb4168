// Issue 29 item 4, the client's half: every POST an outbox operation makes carries the
// operation's id as its Idempotency-Key, the same on every attempt. A create whose answer was lost
// (the service made it, the client was told 500) and which is then sent again without the
// marker look-up (as after a crash before the attempt was recorded) gets the first record back
// from Stint's service, which honours the key, instead of making a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { collect } from '../../../main/api/types';
import { entryMarker, type Operation } from '../../../main/core/model/operations';
import { sendOperation } from '../../../main/core/senders/sendOnce';
import { startService } from '../../../service';
import { requestFingerprint } from '../../../service/http/idempotency';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { startLocal, type Local } from '../core/harness';
import { failureOf, uniqueName } from './harness';

let local: Local;
let proxy: FaultProxy;
beforeAll(async () => {
  local = await startLocal();
  proxy = await startFaultProxy(local.url);
});
afterAll(async () => {
  await local?.close();
  await proxy?.close();
});

const throughProxy = () =>
  createServiceApi({
    baseUrl: proxy.url,
    credentials: { kind: 'personal', token: local.token },
    rateLimit: 0,
    timeoutMs: 2000,
    backoff: { baseMs: 1, capMs: 5 },
  });

const afterCreate = (path: string) => ({
  fault: '500-after' as const,
  when: (m: string, p: string) => m === 'POST' && p === path,
});
const fresh = { attempted: false, timeFormat: 'hours_minutes' as const };

describe("the outbox's POSTs carry the operation's id as Idempotency-Key", () => {
  it('an entry whose answer was lost, sent again as new, is the same entry: one in the service', async () => {
    const id = `keyed-entry-${process.pid}-${Date.now()}`;
    const description = uniqueName('Sent with a key');
    const op: Operation = {
      kind: 'createEntry',
      id,
      seq: 1,
      at: local.clock.now(),
      date: '2026-03-02',
      minutes: 30,
      description,
      projectId: null,
      projectName: null,
      marker: entryMarker(id),
    };
    const api = throughProxy();
    proxy.cue(afterCreate('/v2/entries'));
    const lost = await failureOf(sendOperation(api, op, { ...fresh, now: local.clock.now }));
    expect(lost).toMatchObject({ kind: 'unknown_outcome', status: 500 });
    const made = await collect(local.api.listEntries({ description }));
    expect(made).toHaveLength(1);
    // Sent again, by a new client (a restarted app) and without looking for the marker first.
    const again = await sendOperation(throughProxy(), op, { ...fresh, now: local.clock.now });
    expect(again.entryId).toBe(made[0]!.id);
    expect((await collect(local.api.listEntries({ description }))).map((e) => e.id)).toEqual([made[0]!.id]);
  });

  it("a project's create, sent again after a lost answer, gets the first answer (not a refusal as already existing)", async () => {
    const id = `keyed-project-${process.pid}-${Date.now()}`;
    const name = uniqueName('Keyed project');
    const op: Operation = { kind: 'createProject', id, seq: 1, at: local.clock.now(), localId: -1, name };
    proxy.cue(afterCreate('/v2/projects'));
    await failureOf(sendOperation(throughProxy(), op, { ...fresh, now: local.clock.now }));
    const made = (await collect(local.api.listProjects({ name }))).filter((p) => p.name === name);
    expect(made).toHaveLength(1);
    // The key is the operation's: the same POST with another key is refused as existing.
    await expect(throughProxy().createProject({ name }, { idempotencyKey: `${id}-other` })).rejects.toMatchObject({
      kind: 'validation',
    });
    const replay = await throughProxy().createProject({ name }, { idempotencyKey: id });
    expect(replay.id).toBe(made[0]!.id);
    expect((await sendOperation(throughProxy(), op, { ...fresh, now: local.clock.now })).projectId).toBe(made[0]!.id);
  });

  it('a 409 to a keyed create (its first request still running, or its answer lost) is an unknown outcome, worth sending again', async () => {
    const store = openSqliteStore();
    const service = await startService({ rateLimit: 0, store });
    try {
      const api = createServiceApi({
        baseUrl: service.url,
        credentials: { kind: 'personal', token: service.token },
        rateLimit: 0,
        retries: 0,
      });
      const input = { date: '2026-03-02', minutes: 30, description: 'in progress elsewhere' };
      // The key's first request has committed its write and not yet kept its answer.
      await store.run(
        'INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, created_ms) VALUES (?, ?, ?, ?)',
        service.ownerId,
        'op-running',
        requestFingerprint('POST', '/v2/entries', input),
        Date.now(),
      );
      const error = await failureOf(api.createEntry(input, { idempotencyKey: 'op-running' }));
      expect(error).toMatchObject({ kind: 'unknown_outcome', status: 409, retryable: true });
      expect(error.errors).toEqual([{ resource: 'request', field: 'Idempotency-Key', code: 'in_progress' }]);
    } finally {
      await service.close();
    }
  });
});

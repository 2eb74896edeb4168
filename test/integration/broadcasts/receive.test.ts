// A timer changed by another client reaches core through a broadcast of the real service, over
// real HTTP, to the receiver startBroadcasts registered: with the window hidden and broadcasts
// live core arms no poll at all (its clock is a fake nobody advances), so the re-read that shows
// the timer can only be the broadcast's. The service broadcasts every second here: sent_at has
// whole seconds, so two broadcasts to one receiver within a second would look like a replay.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT, until } from '../../support/offline';
import { broadcastBody, hmac, post, startWatched, type Watched } from './support';

let w: Watched;
beforeEach(async () => {
  w = await startWatched();
});
afterEach(() => w.close());

describe('a broadcast from the service', () => {
  it('shows a timer another client started, with no poll while hidden and live', async () => {
    expect(w.broadcasts.live).toBe(true);
    expect(w.clock.pending().count).toBe(0);
    const readsBefore = w.counted.sent.length;

    const other = w.local.client();
    const project = await other.createProject({ name: `Elsewhere ${process.pid}` });
    await other.startTimer(project.id);

    const shown = () => w.core.getSnapshot().timers.find((t) => t.projectId === project.id);
    await until(() => shown()?.state === 'running', 'the timer started elsewhere');
    expect(w.heard).toEqual(['timer.running']);
    expect(w.counted.sent.slice(readsBefore)).toEqual(['GET /v2/timers']);
    expect(w.clock.pending().count).toBe(0);

    // The next change is the next broadcast, an interval later.
    await other.pauseTimer(project.id);
    await until(() => shown()?.state === 'paused', 'the timer paused elsewhere');
    expect(w.heard).toEqual(['timer.running', 'timer.paused']);
    expect(w.counted.count('GET /v2/timers')).toBe(3);
    expect(w.clock.pending().count).toBe(0);
  });

  it('a burst of changes within one interval is one broadcast and one re-read', async () => {
    const other = w.local.client();
    const a = await other.createProject({ name: `Burst A ${process.pid}` });
    const b = await other.createProject({ name: `Burst B ${process.pid}` });
    const readsBefore = w.counted.count('GET /v2/timers');
    await other.startTimer(a.id);
    await other.startTimer(b.id);
    await other.pauseTimer(b.id);
    await until(() => w.core.getSnapshot().timers.length === 2, 'both timers');
    await new Promise((r) => setTimeout(r, 1200)); // another interval: nothing more comes
    expect(w.heard).toHaveLength(1);
    expect(w.counted.count('GET /v2/timers') - readsBefore).toBe(1);
  });

  it('genuine broadcasts arriving together cost at most two re-reads (one running, one asked for during it)', async () => {
    const secret = (await w.secrets.get(ACCOUNT.id, 'receiver-secret'))!;
    const now = Math.floor(Date.now() / 1000) * 1000;
    const bodies = [3, 2, 1, 0].map((ago) => broadcastBody(w.broadcasts.receiverId!, now - ago * 1000));
    const before = w.counted.count('GET /v2/timers');
    // In order of sent_at, all on the wire at once.
    const statuses = await Promise.all(bodies.map((b) => post(w.url, b, { 'x-service-signature': hmac(secret, b) })));
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThan(0);
    await until(() => w.counted.count('GET /v2/timers') > before, 'a re-read');
    await new Promise((r) => setTimeout(r, 200));
    expect(w.heard.length).toBeGreaterThanOrEqual(1);
    expect(w.counted.count('GET /v2/timers') - before).toBeLessThanOrEqual(2);
  });
});

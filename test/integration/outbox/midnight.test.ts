// Work that crosses midnight while the app is offline: what the user did before midnight keeps
// the day it was done on, however late it reaches the service, and "today" turns over.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { until } from '../../support/offline';
import { must, untilSynced } from '../core/harness';
import { settled, useOfflineSwitch } from './offlineSwitch';

const MIN = 60_000;
const suite = useOfflineSwitch();
const net = () => suite.net();
const clock = () => net().local.clock;

/** Moves the shared clock to `minutesBefore` minutes before the next local midnight. */
function toBeforeMidnight(minutesBefore: number): void {
  const now = new Date(clock().now());
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  clock().pass(midnight - minutesBefore * MIN - now.getTime());
}

const offline = (c: Core) => net().offlineFor(c);

async function backOnline(c: Core): Promise<void> {
  net().online();
  await settled(c);
}

describe('offline across midnight', () => {
  it('a quick entry typed before midnight keeps its day; today turns over', async () => {
    const c = await suite.core();
    await settled(c);
    toBeforeMidnight(1);
    const typedOn = localDate(clock().now());
    await offline(c);
    await must(c.handlers.quickEntry({ text: '0:45 late-night fix' }));
    expect(c.getSnapshot().today.entries.map((e) => e.description)).toContain('late-night fix');
    clock().pass(5 * MIN);
    await backOnline(c);
    const nextDay = localDate(clock().now());
    expect(nextDay).not.toBe(typedOn);
    const [entry] = await collect(net().local.api.listEntries({ description: 'late-night fix' }));
    expect(entry!.date).toBe(typedOn);
    await until(() => c.getSnapshot().today.date === nextDay, 'today to turn over');
    expect(c.getSnapshot().today.entries.map((e) => e.description)).not.toContain('late-night fix');
  });

  it('a timer run across midnight pauses at the time the user saw and logs on the day it started', async () => {
    const c = await suite.core();
    const { projectId: tmp } = await must(c.handlers.createProject({ name: `Night ${process.pid}` }));
    toBeforeMidnight(10);
    const startedOn = localDate(clock().now());
    await must(c.handlers.startTimer({ projectId: tmp }));
    await settled(c);
    const id = c.getSnapshot().timers[0]!.projectId;
    await net().local.api.updateProject(id, { billing_increment: 1 });
    await offline(c);
    clock().pass(30 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    clock().pass(20 * MIN);
    await backOnline(c);
    const timer = await net().local.api.getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds / 60 - 30)).toBeLessThan(0.1);
    expect(timer.date).toBe(startedOn);

    await must(c.handlers.logTimer({ projectId: id }));
    await untilSynced(c);
    const entries = await collect(net().local.api.listEntries({ project_ids: [id] }));
    expect(entries.map((e) => [e.date, e.minutes])).toEqual([[startedOn, 30]]);
  });
});

// A timer changed elsewhere (another device of the same user, talking to the service directly)
// while this app was offline: when the app's operations reach the service, neither side's time
// is lost, and the user is told what happened. Offline is a proxy that resets every connection
// before it reaches the service; the service and the app share one shiftable clock.
import { describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import type { Core } from '../../../main/core/types';
import { uniqueName } from '../../support/names';
import { until } from '../../support/offline';
import { must, untilSynced } from '../core/harness';
import { settled, useOfflineSwitch } from './offlineSwitch';

const MIN = 60_000;
const suite = useOfflineSwitch();

const core = () => suite.core();
const offline = (c: Core) => suite.net().offlineFor(c);
const elsewhere = () => suite.net().local.api;
const passes = (ms: number) => suite.net().local.clock.pass(ms);

/** A running timer on a new project that bills by the minute, so minutes compare exactly. */
async function runningTimer(c: Core, name: string): Promise<number> {
  const { projectId: tmp } = await must(c.handlers.createProject({ name: uniqueName(name) }));
  await must(c.handlers.startTimer({ projectId: tmp }));
  await untilSynced(c);
  const id = c.getSnapshot().timers[0]!.projectId;
  await elsewhere().updateProject(id, { billing_increment: 1 });
  await settled(c);
  return id;
}

async function backOnline(c: Core): Promise<string[]> {
  suite.net().online();
  await untilSynced(c);
  await until(() => c.getSnapshot().notices.length > 0, 'a notice');
  return c.getSnapshot().notices.map((n) => n.message);
}

const minutesOf = async (projectId: number) => (await elsewhere().getTimer(projectId)).seconds / 60;
const entriesOf = async (projectId: number) => collect(elsewhere().listEntries({ project_ids: [projectId] }));

describe('a timer changed elsewhere while the app was offline', () => {
  it('time added elsewhere is kept when the pause made here lands', async () => {
    const c = await core();
    const id = await runningTimer(c, 'Added');
    passes(10 * MIN);
    await offline(c);
    await elsewhere().addOrSubtractTime(id, { minutes: 30 });
    await must(c.handlers.pauseTimer({ projectId: id }));
    passes(5 * MIN);
    const notices = await backOnline(c);
    const timer = await elsewhere().getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds / 60 - 40)).toBeLessThan(0.1);
    expect(notices.join(' ')).toMatch(/0:30 more elsewhere.*paused at 0:40/);
  });

  it('a timer paused elsewhere earlier keeps the longer run made here', async () => {
    const c = await core();
    const id = await runningTimer(c, 'PausedThere');
    passes(10 * MIN);
    await offline(c);
    await elsewhere().pauseTimer(id);
    passes(10 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    passes(5 * MIN);
    const notices = await backOnline(c);
    expect(Math.abs((await minutesOf(id)) - 20)).toBeLessThan(0.1);
    expect(notices.join(' ')).toMatch(/paused elsewhere at 0:10.*keeps your 0:20/);
  });

  it('a timer logged elsewhere: the time tracked here after the log becomes an entry of its own', async () => {
    const c = await core();
    const id = await runningTimer(c, 'LoggedThere');
    passes(30 * MIN);
    await offline(c);
    await elsewhere().logTimer(id);
    passes(20 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    const notices = await backOnline(c);
    const entries = await entriesOf(id);
    // A log counts any started minute: 30 minutes and a few real milliseconds log 31.
    const there = entries.find((e) => e.source_url === null)!;
    const here = entries.find((e) => e.source_url !== null)!;
    expect(entries).toHaveLength(2);
    expect([30, 31]).toContain(there.minutes);
    expect(here.source_url).toMatch(/^https:\/\/stint\.invalid\/op\//);
    expect(here.minutes + there.minutes).toBe(51);
    expect(notices.join(' ')).toMatch(
      new RegExp(`logged elsewhere \\(0:${there.minutes}\\).*0:${here.minutes} you tracked here beyond that`),
    );
  });

  it('a start made here runs on from what the timer got elsewhere meanwhile', async () => {
    const c = await core();
    const id = await runningTimer(c, 'ChangedThere');
    passes(10 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    await settled(c);
    await offline(c);
    await elsewhere().startTimer(id);
    passes(5 * MIN);
    await elsewhere().pauseTimer(id);
    await must(c.handlers.startTimer({ projectId: id }));
    passes(10 * MIN);
    const notices = await backOnline(c);
    const timer = await elsewhere().getTimer(id);
    expect(timer.state).toBe('running');
    expect(Math.abs(timer.seconds / 60 - 25)).toBeLessThan(0.1);
    expect(notices.join(' ')).toMatch(/changed elsewhere.*0:15 there, 0:10 here/);
  });

  it('a log made here after the timer was logged elsewhere logs nothing twice', async () => {
    const c = await core();
    const id = await runningTimer(c, 'BothLogged');
    passes(40 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    await settled(c);
    await offline(c);
    await elsewhere().logTimer(id);
    await must(c.handlers.logTimer({ projectId: id }));
    const notices = await backOnline(c);
    const entries = await entriesOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.source_url).toBeNull();
    expect(notices.join(' ')).toMatch(/logged elsewhere \(0:4[01]\).*covers the 0:4[01]/);
  });

  it('a log made here after the timer was discarded elsewhere logs the time tracked here', async () => {
    const c = await core();
    const id = await runningTimer(c, 'DiscardedThere');
    passes(40 * MIN);
    await must(c.handlers.pauseTimer({ projectId: id }));
    await settled(c);
    await offline(c);
    await elsewhere().deleteTimer(id);
    await must(c.handlers.logTimer({ projectId: id }));
    const notices = await backOnline(c);
    const entries = await entriesOf(id);
    expect(entries).toHaveLength(1);
    expect([40, 41]).toContain(entries[0]!.minutes);
    expect(entries[0]!.source_url).toMatch(/^https:\/\/stint\.invalid\/op\//);
    expect(notices.join(' ')).toMatch(/discarded elsewhere.*0:4[01] is logged/);
  });
});

// The `stint` command line end to end: the bundled client in its own process, the real socket,
// the real app (openStintApp on its embedded local service over HTTP). What a command does is
// checked in the app's snapshot after it synced with the service (entries read back with ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../common/snapshot';
import { openStintApp, type StintApp } from '../../../main/core/accounts/app';
import { startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import { createSessionSecrets } from '../../../platform/keychain';
import { until } from '../../support/offline';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';
import type { StatusJson, TodayJson, WeekJson } from '../../../cli/views';

let dir: ReturnType<typeof tempDir>;
let app: StintApp;
let socket: CliSocketServer;
let bundle: string;

beforeAll(async () => {
  dir = tempDir('stint-cli-');
  bundle = await bundleCli(dir.path);
  app = await openStintApp({ dataDir: `${dir.path}/data`, secrets: createSessionSecrets() });
  socket = await startCliSocket({ handlers: app.handlers, dataDir: `${dir.path}/data` });
});

afterAll(async () => {
  await socket?.close();
  await app?.stop();
  dir?.remove();
});

const stint = (args: string[], stdin?: string) => runStint(bundle, ['--data', `${dir.path}/data`, ...args], { stdin });
const snapshot = (): Snapshot => app.getSnapshot();
const onService = (description: string) =>
  snapshot().today.entries.filter((e) => e.description === description && e.id !== null);
const synced = () => until(() => snapshot().online && snapshot().outbox.pending === 0, 'the outbox to drain');

describe('stint, against the running app', () => {
  it('logs an entry with the quick-entry grammar: it lands on the service once, and says "logged"', async () => {
    const run = await stint(['log', '1:30 @Website #meeting call']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe('Logged 1:30 on Website.');
    await synced();
    await until(() => onService('#meeting call').length > 0, 'the entry read back');
    expect(onService('#meeting call')).toMatchObject([{ minutes: 90, projectName: 'Website' }]);
  });

  it("several lines on standard input log several entries in order, each said as the service stores it (0:20 on Website's 15-minute increment is 0:30); a refused line names its number and word, and exits 1", async () => {
    const run = await stint(['log'], '0:15 @Website stdin one\n\nxx @Website stdin bad\n0:20 @Website stdin two\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'line 1: Logged 0:15 on Website.\nline 4: Logged 0:30 on Website (0:20 rounded up to its 15 minutes).\n',
    );
    expect(run.stderr).toContain('stint: line 3: ');
    // The wrong word is marked under the line as typed.
    expect(run.stderr).toContain('  xx @Website stdin bad\n  ^^\n');
    await synced();
    await until(() => onService('stdin two').length === 1, 'the entries read back');
    expect(onService('stdin one')).toHaveLength(1);
    expect(onService('stdin bad')).toHaveLength(0);
  });

  it("a new project a typo from a known one is refused with the window's question, exit 1, until --new-project (issue 22)", async () => {
    expect(await stint(['log', '0:15 @Marketing seed'])).toMatchObject({ code: 0 });
    await synced();
    const typo = await stint(['log', '0:15 @Marketnig typo']);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toBe(
      'stint: Did you mean Marketing? Run it again with --new-project to create the new project “Marketnig”.\n' +
        '  0:15 @Marketnig typo\n       ^^^^^^^^^^\n',
    );
    await synced();
    expect(snapshot().projects.map((p) => p.name)).not.toContain('Marketnig');
    expect(snapshot().today.entries.filter((e) => e.description === 'typo')).toEqual([]);

    const meant = await stint(['log', '--new-project', '0:15 @Marketnig typo']);
    expect(meant).toMatchObject({ code: 0, stdout: 'Logged 0:15 on Marketnig.\n' });
    await synced();
    await until(() => snapshot().projects.some((p) => p.name === 'Marketnig'), 'the new project read back');
  });

  it('names the day and the stored minutes as the window does', async () => {
    const run = await stint(['log', 'yesterday 0:20 @Website day named']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Logged 0:30 on Website yesterday \(\w{3} \d{1,2} \w{3}\) \(0:20 rounded up to its 15 minutes\)\.\n$/,
    );
  });

  it('start (case-insensitive, with a note), status, pause and toggle drive the timer; --json is the documented shape', async () => {
    expect(await stint(['start', 'website', 'writing', 'the', 'docs'])).toMatchObject({
      code: 0,
      stdout: 'Started Website.\n',
    });
    const running = await stint(['status', '--json']);
    expect(running.code).toBe(0);
    const status = JSON.parse(running.stdout) as StatusJson;
    expect(status).toEqual({
      account: snapshot().account.label,
      online: true,
      pending: 0,
      failed: 0,
      running: {
        project: 'Website',
        projectId: expect.any(Number),
        seconds: expect.any(Number),
        description: 'writing the docs',
        synced: true,
      },
      paused: [],
      otherAccounts: [],
    });
    expect((await stint(['status'])).stdout).toMatch(
      new RegExp(`^Account: ${snapshot().account.label}\nRunning: Website 0:00:\\d\\d {2}writing the docs\n$`),
    );

    expect(await stint(['pause'])).toMatchObject({ code: 0, stdout: 'Paused Website.\n' });
    const paused = JSON.parse((await stint(['status', '--json'])).stdout) as StatusJson;
    expect(paused.running).toBeNull();
    expect(paused.paused.map((t) => t.project)).toEqual(['Website']);
    expect(await stint(['pause'])).toMatchObject({ code: 1, stderr: 'stint: No timer is running.\n' });

    expect(await stint(['toggle'])).toMatchObject({ code: 0, stdout: 'Started Website.\n' });
    expect(snapshot().timers.find((t) => t.state === 'running')?.projectName).toBe('Website');
    expect(await stint(['--toggle'])).toMatchObject({ code: 0, stdout: 'Paused Website.\n' });
  });

  it('today lists the entries and their total, as text and as --json', async () => {
    await synced();
    const json = JSON.parse((await stint(['today', '--json'])).stdout) as TodayJson;
    expect(json.date).toBe(snapshot().today.date);
    expect(json.totalMinutes).toBe(snapshot().today.totalMinutes);
    expect(json.entries).toContainEqual({
      project: 'Website',
      minutes: 90,
      description: '#meeting call',
      synced: true,
    });
    const text = await stint(['today']);
    expect(text.stdout).toContain(`Today (${json.date}): `);
    expect(text.stdout).toContain('   1:30  Website  #meeting call\n');
  });

  it('week totals this week per day and per project, as text and as --json, bringing the window back to this week', async () => {
    await synced();
    // The window shows last week: the command answers this week, and the window is on it again.
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await app.handlers.showWeek({ weekOf: lastWeek });
    expect(snapshot().week.isCurrent).toBe(false);
    const json = JSON.parse((await stint(['week', '--json'])).stdout) as WeekJson;
    const week = snapshot().week;
    expect(week.isCurrent).toBe(true);
    expect(json).toMatchObject({ start: week.start, end: week.end, totalMinutes: week.totalMinutes, stale: false });
    expect(json.days.map((d) => d.date)).toEqual(week.days.map((d) => d.date));
    expect(json.days.find((d) => d.date === snapshot().today.date)?.totalMinutes).toBe(snapshot().today.totalMinutes);
    expect(json.projects).toContainEqual(expect.objectContaining({ project: 'Website' }));
    const text = await stint(['week']);
    expect(text.stdout).toMatch(new RegExp(`^Week ${week.start} to ${week.end}: `));
    expect(text.stdout).toContain('Projects:\n');
  });

  it('start with another note on a timer with time asks, as the window does, until --log-first or --keep-time (issue 22 item 6)', async () => {
    expect(await stint(['log', '0:15 @Research seed'])).toMatchObject({ code: 0 });
    await synced();
    expect(await stint(['start', 'Research', 'first', 'thing'])).toMatchObject({ code: 0 });
    await synced();
    const research = () => snapshot().timers.find((t) => t.projectName === 'Research');
    await until(() => research()?.description === 'first thing', 'the timer read');

    const asked = await stint(['start', 'Research', 'second', 'thing']);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toMatch(
      /^stint: Research's timer has 0:0\d on “first thing”: log that time first, or keep it under “second thing”\. Say which: --log-first or --keep-time\.\n$/,
    );
    expect(research()?.description).toBe('first thing');

    expect(await stint(['start', '--log-first', 'Research', 'second', 'thing'])).toMatchObject({ code: 0 });
    await synced();
    await until(() => onService('first thing').length === 1, 'the time so far logged as its own entry');
    expect(research()).toMatchObject({ state: 'running', description: 'second thing' });
  });

  it("start on a new name creates the project and starts it, as the window's Start does; one a typo from a known one asks first, until --new-project (issue 27 item 20)", async () => {
    const timers = () =>
      snapshot().timers.map((t) => ({ project: t.projectName, state: t.state, note: t.description }));
    const before = timers();
    const typo = await stint(['start', 'Websiet', 'a note']);
    expect(typo).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'stint: Did you mean Website? Run it again with --new-project to create the new project “Websiet”.\n',
    });
    expect(timers()).toEqual(before);
    expect(snapshot().projects.map((p) => p.name)).not.toContain('Websiet');

    expect(await stint(['start', 'Brand new client', 'kick-off'])).toMatchObject({
      code: 0,
      stdout: 'Started Brand new client (a new project).\n',
    });
    await synced();
    expect(snapshot().timers.find((t) => t.state === 'running')).toMatchObject({
      projectName: 'Brand new client',
      description: 'kick-off',
    });
    expect(await stint(['start', '--new-project', 'Websiet'])).toMatchObject({
      code: 0,
      stdout: 'Started Websiet (a new project).\n',
    });
    await synced();
    expect(snapshot().projects.filter((p) => p.name === 'Websiet')).toHaveLength(1);
    expect(await stint(['pause'])).toMatchObject({ code: 0 });
  });

  it('usage errors exit 64 with the usage; --help answers for each command', async () => {
    expect((await runStint(bundle, [])).code).toBe(64);
    expect(await runStint(bundle, ['frobnicate'])).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('Unknown command: frobnicate'),
    });
    expect(await stint(['start'])).toMatchObject({ code: 64, stderr: expect.stringContaining('Usage: stint start') });
    expect(await stint(['log', '--json', '1:00'])).toMatchObject({ code: 64 });
    // A time taken off is the grammar's to read, answered in its words with the word marked, not Node's option error.
    const minus = await stint(['log', '-1:00 @Website taken off']);
    expect(minus.code).toBe(1);
    expect(minus.stderr).not.toMatch(/option|positional/i);
    expect(minus.stderr).toContain('  -1:00 @Website taken off\n  ^^^^^\n');
    expect(await runStint(bundle, ['start', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: stint start/),
    });
    expect(await runStint(bundle, ['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Exit codes'),
    });
  });

  it('with no app on the data folder: exit 2, and says how to start one', async () => {
    const run = await runStint(bundle, ['--data', `${dir.path}/nothing-here`, 'status']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Stint is not running');
    expect(run.stderr).toContain('npm run web');
    expect(run.stderr).toContain('--data DIR');
  });
});

// The command line's argument reading and its words: pure, so every case is checked here in
// milliseconds (the end-to-end runs are in test/integration/cli/).
import { describe, expect, it } from 'vitest';
import { HELP, parseCommandLine } from '../../../cli/args';
import { pointAt } from '../../../cli/run';
import { statusJson, statusText, todayJson, todayText } from '../../../cli/views';
import { savedHere, snapshot, timerView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

describe('parseCommandLine', () => {
  it('reads each command, --data and --json', () => {
    expect(parseCommandLine(['log', '1:30', '@Website', 'call'])).toEqual({
      kind: 'run',
      command: { name: 'log', text: '1:30 @Website call', newProject: false },
      dataDir: null,
      account: null,
    });
    expect(parseCommandLine(['--account', ' Acme Corp ', 'status'])).toMatchObject({ account: 'Acme Corp' });
    expect(parseCommandLine(['pause', '--account', 'acme'])).toMatchObject({ account: 'acme' });
    expect(parseCommandLine(['--account', '', 'status'])).toMatchObject({
      kind: 'usage',
      message: '--account needs an account name.',
    });
    expect(parseCommandLine(['--data', '/d', 'log'])).toMatchObject({
      command: { name: 'log', text: null, newProject: false },
      dataDir: '/d',
    });
    expect(parseCommandLine(['start', 'Website', 'the', 'note'])).toMatchObject({
      command: { name: 'start', project: 'Website', note: 'the note' },
    });
    expect(parseCommandLine(['start', 'Website'])).toMatchObject({
      command: { name: 'start', note: null, timeSoFar: null },
    });
    // The answer to the window's question about a timer's time so far (issue 22 item 6).
    expect(parseCommandLine(['start', '--log-first', 'Website', 'x'])).toMatchObject({ command: { timeSoFar: 'log' } });
    expect(parseCommandLine(['start', 'Website', 'x', '--keep-time'])).toMatchObject({
      command: { timeSoFar: 'keep' },
    });
    expect(parseCommandLine(['start', '--log-first', '--keep-time', 'Website'])).toMatchObject({ kind: 'usage' });
    expect(parseCommandLine(['pause', '--log-first'])).toMatchObject({ kind: 'usage' });
    expect(parseCommandLine(['status', '--json'])).toMatchObject({ command: { name: 'status', json: true } });
    expect(parseCommandLine(['today'])).toMatchObject({ command: { name: 'today', json: false } });
    expect(parseCommandLine(['week', '--json'])).toMatchObject({ command: { name: 'week', json: true } });
    expect(parseCommandLine(['week', 'next'])).toMatchObject({ kind: 'usage', message: 'week takes no arguments.' });
    expect(parseCommandLine(['pause'])).toMatchObject({ command: { name: 'pause' } });
    // The app's own --toggle means the same here.
    expect(parseCommandLine(['--toggle'])).toMatchObject({ command: { name: 'toggle' } });
  });

  it('reads export: --from and --to required, --out optional, and only for export', () => {
    expect(parseCommandLine(['export', '--from', '2026-11-23', '--to', '2026-11-29'])).toMatchObject({
      kind: 'run',
      command: { name: 'export', from: '2026-11-23', to: '2026-11-29', out: null },
    });
    expect(parseCommandLine(['export', '--from', 'a', '--to', 'b', '--out', 'x.csv'])).toMatchObject({
      command: { out: 'x.csv' },
    });
    expect(parseCommandLine(['export', '--to', '2026-11-29'])).toMatchObject({
      kind: 'usage',
      message: expect.stringContaining('--from YYYY-MM-DD'),
    });
    expect(parseCommandLine(['export', '--from', 'a', '--to', 'b', '--out', ''])).toMatchObject({ kind: 'usage' });
    expect(parseCommandLine(['today', '--from', '2026-11-23'])).toMatchObject({
      kind: 'usage',
      message: '--from is for export, not today.',
    });
    expect(parseCommandLine(['export', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringContaining('--out FILE'),
    });
  });

  it('answers help for the whole command and for each command', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help', text: HELP });
    expect(parseCommandLine(['-h'])).toEqual({ kind: 'help', text: HELP });
    expect(parseCommandLine(['log', '--help'])).toMatchObject({
      kind: 'help',
      text: expect.stringMatching(/^Usage: stint log/),
    });
    expect(parseCommandLine(['help', 'today'])).toMatchObject({ text: expect.stringMatching(/^Usage: stint today/) });
  });

  it('refuses what it cannot run as a usage error, with the reason', () => {
    const usage = (argv: string[]) => {
      const parsed = parseCommandLine(argv);
      return parsed.kind === 'usage' ? parsed.message : `not a usage error: ${parsed.kind}`;
    };
    expect(usage([])).toBe('Name a command.');
    expect(usage(['fly'])).toBe('Unknown command: fly.');
    expect(usage(['start'])).toBe('Name the project to start.');
    expect(usage(['pause', 'now'])).toBe('pause takes no arguments.');
    expect(usage(['log', '--json', '1:00'])).toBe('--json is for status, today and week, not log.');
    expect(usage(['pause', '--new-project'])).toBe('--new-project is for log and start, not pause.');
    expect(parseCommandLine(['start', '--new-project', 'Webiste'])).toMatchObject({
      command: { name: 'start', project: 'Webiste', newProject: true },
    });
    expect(parseCommandLine(['log', '--new-project', '0:15 @Webiste x'])).toMatchObject({
      command: { name: 'log', text: '0:15 @Webiste x', newProject: true },
    });
    expect(usage(['status', '--verbose'])).toBe('Unknown option --verbose: see stint --help.');
    expect(usage(['status', '--data'])).toBe('--data needs a value.');
    expect(usage(['log', '-x'])).toBe(
      'Unknown option -x: see stint --help. Text that starts with "-" goes after "--": stint log -- "-x …".',
    );
    expect(usage(['--data', '', 'status'])).toBe('--data needs a folder.');
    expect(usage(['--show'])).toMatch(/desktop app's own argument/);
  });
});

describe('text that starts with a minus (issue 27 item 20)', () => {
  it('is the entry or the note, for the grammar to read, not an option', () => {
    expect(parseCommandLine(['log', '-1:00 @Website took it off'])).toEqual({
      kind: 'run',
      dataDir: null,
      account: null,
      command: { name: 'log', text: '-1:00 @Website took it off', newProject: false },
    });
    expect(parseCommandLine(['log', '-0:30', '@Website'])).toMatchObject({ command: { text: '-0:30 @Website' } });
    expect(parseCommandLine(['start', 'Website', '-5', 'minutes'])).toMatchObject({
      command: { name: 'start', project: 'Website', note: '-5 minutes' },
    });
    expect(parseCommandLine(['log', '--', '-x @Website'])).toMatchObject({ command: { text: '-x @Website' } });
  });
});

describe('pointAt', () => {
  it('marks the time or the @project the app refused; other fields have no mark', () => {
    expect(pointAt('1:3x @Website call', 'time')).toBe('  1:3x @Website call\n  ^^^^');
    expect(pointAt('1:30 @ call', 'project')).toBe('  1:30 @ call\n       ^');
    expect(pointAt('yesterday 1:3x @Website', 'time')).toBe('  yesterday 1:3x @Website\n            ^^^^');
    expect(pointAt('2099-01-01 1:30 @Website', 'date')).toBe('  2099-01-01 1:30 @Website\n  ^^^^^^^^^^');
    expect(pointAt('1:30 call', 'description')).toBeNull();
    expect(pointAt('1:30 call', undefined)).toBeNull();
  });
});

describe('status and today views', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const s = snapshot({
    online: false,
    outbox: { pending: 2, failed: [] },
    timers: [
      timerView({
        projectId: 1,
        projectName: 'Website',
        state: 'running',
        seconds: 60,
        asOf: now - 5000,
        status: savedHere(),
      }),
      timerView({
        projectId: 2,
        projectName: 'Docs',
        state: 'paused',
        seconds: 90,
        asOf: now - 60_000,
        description: 'x',
      }),
    ],
    today: {
      date: '2026-11-25',
      totalMinutes: 95,
      entries: [
        { key: 'a', id: 1, date: '2026-11-25', minutes: 95, description: 'call', projectName: null, status: SENT },
      ],
    },
  });

  it('status: the running timer with its live seconds, the paused ones, and the queue', () => {
    const status = statusJson(s, now);
    expect(status).toEqual({
      account: s.account.label,
      online: false,
      pending: 2,
      failed: 0,
      running: { project: 'Website', projectId: 1, seconds: 65, description: null, synced: false },
      paused: [{ project: 'Docs', projectId: 2, seconds: 90, description: 'x', synced: true }],
      otherAccounts: [],
    });
    expect(statusText(status)).toBe(
      [
        `Account: ${s.account.label}`,
        'Running: Website 0:01:05  (not on the service yet)',
        'Paused:  Docs 0:01:30  x',
        'Offline: 2 change(s) queued, sent when the service is back.',
      ].join('\n'),
    );
    // A user who reads fractions of an hour reads them here too, as the tray writes them (issue 27 item 10).
    expect(statusText(status, 'fraction').split('\n').slice(1, 3)).toEqual([
      'Running: Website 0.02  (not on the service yet)',
      'Paused:  Docs 0.02  x',
    ]);
  });

  it('status names the account in use, and a timer running on another account with how to reach it (issue 27 item 16)', () => {
    const other = snapshot({
      account: { id: 'local', label: 'This computer', kind: 'local' },
      otherAccountTimers: [
        {
          accountId: 'a1',
          accountLabel: 'Acme Corp',
          projectName: 'Website',
          state: 'running',
          seconds: 3600,
          asOf: now - 62_000,
        },
        { accountId: 'a1', accountLabel: 'Acme Corp', projectName: 'Docs', state: 'paused', seconds: 60, asOf: now },
      ],
    });
    const status = statusJson(other, now);
    expect(status).toMatchObject({
      account: 'This computer',
      running: null,
      otherAccounts: [
        { account: 'Acme Corp', project: 'Website', state: 'running', seconds: 3662 },
        { account: 'Acme Corp', project: 'Docs', state: 'paused', seconds: 60 },
      ],
    });
    expect(statusText(status)).toBe(
      [
        'Account: This computer',
        'No timer running.',
        'Running on Acme Corp: Website 1:01:02 (another account: stint --account "Acme Corp" status)',
      ].join('\n'),
    );
  });

  it("today: the entries and the total, the running timer's minute counted in as the window counts it", () => {
    const today = todayJson(s, now);
    expect(today).toEqual({
      date: '2026-11-25',
      totalMinutes: 95,
      timerMinutes: 1,
      timerLabel: "with Website's timer",
      entries: [{ project: null, minutes: 95, description: 'call', synced: true }],
    });
    expect(todayText(today)).toBe("Today (2026-11-25): 1:36 (with Website's timer)\n   1:35  (no project)  call");
  });
});

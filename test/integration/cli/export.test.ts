// `stint export` end to end: the bundled client in its own process, the real socket, the real
// app on its embedded local service. The CSV streams to standard output (pipeable) or --out FILE.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStintApp, type StintApp } from '../../../main/core/accounts/app';
import { startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import { createSessionSecrets } from '../../../platform/keychain';
import { until } from '../../support/offline';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

/** More than one page (1000) of entries. */
const LOGGED = 1200;
let dir: ReturnType<typeof tempDir>;
let app: StintApp;
let socket: CliSocketServer;
let bundle: string;
let today: string;

beforeAll(async () => {
  dir = tempDir('stint-cli-export-');
  bundle = await bundleCli(dir.path);
  const dataDir = join(dir.path, 'data');
  app = await openStintApp({ dataDir, secrets: createSessionSecrets() });
  socket = await startCliSocket({ handlers: app.handlers, exportCsv: app.exportCsv, dataDir });
  await until(() => app.getSnapshot().user !== null, 'the user read');
  const lines = Array.from({ length: LOGGED }, (_, i) => `0:${String(1 + (i % 59)).padStart(2, '0')} line, "${i}"`);
  const logged = await app.handlers.logLines({ lines });
  expect(logged.ok && logged.value.logged).toHaveLength(LOGGED);
  await until(() => app.getSnapshot().outbox.pending === 0, 'the entries sent', 30_000);
  today = app.getSnapshot().today.date;
}, 60_000);

afterAll(async () => {
  await socket?.close();
  await app?.stop();
  dir?.remove();
});

const stint = (args: string[]) => runStint(bundle, ['--data', join(dir.path, 'data'), ...args]);

const descriptions = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',').slice(6, -2).join(','));

describe('stint export', () => {
  it('writes the CSV of every entry of the days to standard output, the count to standard error', async () => {
    const run = await stint(['export', '--from', today, '--to', today]);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('date,minutes,hours,project,tags,billable,description,approved,invoiced\r\n')).toBe(
      true,
    );
    const rows = descriptions(run.stdout);
    expect(rows).toHaveLength(LOGGED);
    expect(new Set(rows).size).toBe(LOGGED);
    expect(rows).toContain('"line, ""7"""');
    expect(run.stderr).toBe(`Exported ${LOGGED.toLocaleString('en-US')} entries.\n`);
  });

  it('--out writes the file and says where; bad days exit 1 with the reason; missing days are a usage error', async () => {
    const out = join(dir.path, 'week.csv');
    const saved = await stint(['export', '--from', today, '--to', today, '--out', out]);
    expect(saved).toMatchObject({ code: 0, stdout: `Saved 1,200 entries to ${out}.\n` });
    expect(descriptions(readFileSync(out, 'utf8'))).toHaveLength(LOGGED);

    const backwards = await stint(['export', '--from', '2026-02-10', '--to', '2026-02-01']);
    expect(backwards).toMatchObject({ code: 1, stdout: '' });
    expect(backwards.stderr).toContain('The last day is before the first');
    const notADay = await stint([
      'export',
      '--from',
      '2026-02-30',
      '--to',
      '2026-03-01',
      '--out',
      join(dir.path, 'no.csv'),
    ]);
    expect(notADay.code).toBe(1);
    expect(() => readFileSync(join(dir.path, 'no.csv'))).toThrow();

    expect((await stint(['export', '--from', today])).code).toBe(64);
  });

  it('reads --from and --to as quick entry reads a day: yesterday, today, a weekday (issue 27 item 20)', async () => {
    const run = await stint(['export', '--from', 'yesterday', '--to', 'today']);
    expect(run.stderr).toBe(`Exported ${LOGGED.toLocaleString('en-US')} entries.\n`);
    expect(run.code).toBe(0);
    expect(descriptions(run.stdout)).toHaveLength(LOGGED);
    const notADay = await stint(['export', '--from', 'someday', '--to', 'today']);
    expect(notADay).toMatchObject({ code: 1, stdout: '' });
    expect(notADay.stderr).toContain('“someday” is not a day: write yesterday, a weekday like mon, or a date like');
  });
});

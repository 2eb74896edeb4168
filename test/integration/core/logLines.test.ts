// Several lines of quick entry at once (a pasted day, lines piped to `stint log`) against the real
// local service: the good lines are queued with one journal record and land exactly once, the bad
// ones are answered by line with the reason and queue nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dayWords';
import { localDate } from '../../../common/format';
import { collect } from '../../../main/api/types';
import { JOURNAL_FILE } from '../../../main/core/sync/journal';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

const journalRecords = () =>
  readFileSync(join(dir.path, JOURNAL_FILE), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { t: string; ops?: unknown[] });

describe('logLines with the local service', () => {
  it('queues the good lines in one record, answers the bad ones by line, and each good one lands once', async () => {
    const project = await local.api.createProject({ name: `Paste${process.pid}`, billing_increment: 30 });
    const core = await local.core(dir.path);
    await until(() => core.getSnapshot().projects.some((p) => p.name === project.name), 'the project read');
    const today = localDate(local.clock.now());
    const note = `pasted${process.pid}x${Date.now()}`;
    const lines = [
      `0:20 @${project.name} ${note} a`,
      `yesterday 9:00-10:30 @${project.name} ${note} b`,
      `tomorrow 1:00 @${project.name} ${note} c`,
      `1:3x @${project.name} ${note} d`,
      `0:45 ${note} e`,
    ];
    const before = journalRecords().length;
    const answer = await must(core.handlers.logLines({ lines }));

    expect(answer.logged.map((l) => [l.line, l.minutes, l.date])).toEqual([
      [0, 30, today],
      [1, 90, addDays(today, -1)],
      [4, 45, today],
    ]);
    expect(answer.refused.map((r) => [r.line, r.field])).toEqual([
      [2, 'date'],
      [3, 'time'],
    ]);
    // One write to disk for the three: a crash keeps all of them or none.
    const added = journalRecords().slice(before);
    expect(added.filter((r) => r.t === 'ops').map((r) => r.ops?.length)).toEqual([3]);

    await untilSynced(core);
    const landed = (
      await collect(local.api.listEntries({ from: addDays(today, -1), to: today, description: note }))
    ).map((e) => (e.description ?? '').slice(note.length + 1));
    expect(landed.sort()).toEqual(['a', 'b', 'e']);
  });

  it('gives each project one paste creates its own colour, and a name written twice one project (issue 27 item 4)', async () => {
    const core = await local.core(dir.path);
    await until(() => core.getSnapshot().online, 'online');
    const [alpha, beta] = [`Alpha${process.pid}`, `Beta${process.pid}`];
    const note = `colours${process.pid}`;
    await must(
      core.handlers.logLines({
        lines: [`0:30 @${alpha} ${note} a`, `0:30 @${beta} ${note} b`, `0:15 @${alpha} ${note} c`],
      }),
    );
    await untilSynced(core);
    const made = (await collect(local.api.listProjects())).filter((p) => p.name === alpha || p.name === beta);
    expect(made).toHaveLength(2);
    const [a, b] = [made.find((p) => p.name === alpha)!, made.find((p) => p.name === beta)!];
    expect(a.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(a.color).not.toBe(b.color);
  });
});

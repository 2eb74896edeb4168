// What the window says a line or a timer's Log will store is what the real service stores (issue
// 27 item 2), over a sample of generated lines (test/support/quickLines.ts) through each real
// path: one line typed (quickEntry), a pasted day (logLines), a calendar's line, a paused timer's
// Log, and `stint log` (the bundled command line over the app's socket). Each preview is what the
// window computes (test/unit/renderer/previewIsStored.test.tsx ties the components to it); each
// stored value is read back from the embedded service over HTTP.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dayWords';
import { formatMinutes, localDate } from '../../../common/format';
import { lineStores } from '../../../common/lineStores';
import { liveSeconds } from '../../../common/liveSeconds';
import { logPreview } from '../../../common/logPreview';
import { loggedWords } from '../../../common/loggedWords';
import { parseQuickEntry } from '../../../common/quickEntry';
import type { Handlers } from '../../../common/contract';
import type { Snapshot } from '../../../common/snapshot';
import { collect } from '../../../main/api/types';
import { eventLine } from '../../../main/core/calendars/dayEvents';
import { startCliSocket } from '../../../main/core/cliSocket/server';
import { UNDO_GRACE_MS } from '../../../main/core/model/undoGrace';
import type { Core } from '../../../main/core/types';
import { logPreviewText } from '../../../renderer/calendarLine';
import { until } from '../../support/offline';
import { LINE_PROJECTS, quickLine } from '../../support/quickLines';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';
import { must, startLocal, untilSynced, type Local } from './harness';

let local: Local;
let dir: ReturnType<typeof tempDir>;
let core: Core;
beforeAll(async () => {
  local = await startLocal();
  dir = tempDir('stint-stored-');
  for (const p of LINE_PROJECTS) await local.api.createProject({ name: p.name, billing_increment: p.increment });
  core = await local.core(`${dir.path}/data`);
  await until(() => LINE_PROJECTS.every((p) => core.getSnapshot().projects.some((v) => v.name === p.name)), 'projects');
});
afterAll(async () => {
  await local?.close();
  dir?.remove();
});

let counter = 0;
/** A word found in one entry's description only. */
const marker = () => `q${process.pid}z${++counter}k`;
/** A fixed sample, so a failure replays. */
const sample = (n: number, seed: number) => fc.sample(quickLine, { numRuns: n, seed });

/** What the window previews for a line, typed on this snapshot. */
function preview(text: string, snap: Snapshot) {
  const names = snap.projects.filter((p) => p.enabled).map((p) => p.name);
  const parsed = parseQuickEntry(text, names, snap.today.date);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return lineStores(parsed, snap.projects);
}

/** The one entry the service has with this marker: its minutes, project and day. */
async function storedEntry(word: string) {
  const today = localDate(local.clock.now());
  const found = await collect(local.api.listEntries({ from: addDays(today, -7), to: today, description: word }));
  expect(found, word).toHaveLength(1);
  const [entry] = found;
  return { minutes: entry!.minutes, projectName: entry!.project?.name ?? null, date: entry!.date };
}

describe('preview == stored, on every path, against the real service', () => {
  it('one line typed: the preview, the answer and what the service stores agree', async () => {
    for (const line of sample(12, 27)) {
      const word = marker();
      const text = line.text(word);
      const said = preview(text, core.getSnapshot());
      const answer = await must(core.handlers.quickEntry({ text }));
      expect({ ...answer, key: undefined }, text).toEqual({ ...said, key: undefined });
      await untilSynced(core);
      expect(await storedEntry(word), text).toEqual({
        minutes: said.minutes,
        projectName: said.projectName,
        date: said.date,
      });
    }
  });

  it("a pasted day: each line's preview, the total, the answer and what the service stores agree", async () => {
    const lines = sample(10, 2702).map((l) => ({ word: marker(), line: l }));
    const texts = lines.map(({ word, line }) => line.text(word));
    const snap = core.getSnapshot();
    const said = texts.map((t) => preview(t, snap));
    const answer = await must(core.handlers.logLines({ lines: texts }));
    expect(answer.refused).toEqual([]);
    expect(answer.logged.map((l) => l.minutes)).toEqual(said.map((s) => s.minutes));
    await untilSynced(core);
    const stored = await Promise.all(lines.map(({ word }) => storedEntry(word)));
    expect(stored.map((s) => s.minutes)).toEqual(said.map((s) => s.minutes));
    expect(stored.map((s) => s.projectName)).toEqual(said.map((s) => s.projectName));
  });

  it("a calendar's line: its preview's minutes are the minutes stored", async () => {
    const snap = core.getSnapshot();
    const dayStart = new Date(`${snap.today.date}T00:00:00`).getTime();
    const meetings = fc.sample(
      fc.tuple(
        fc.integer({ min: 0, max: 20 * 60 }),
        fc.integer({ min: 1, max: 3 * 60 }),
        fc.constantFrom(null, ...LINE_PROJECTS.map((p) => p.name)),
      ),
      { numRuns: 6, seed: 2719 },
    );
    for (const [start, length, project] of meetings) {
      const word = marker();
      const occurrence = { start: dayStart + start * 60_000, end: dayStart + (start + length) * 60_000 };
      const text = eventLine(
        { ...occurrence, allDay: false, summary: `Sync ${word}` },
        project,
        dayStart,
        dayStart + 864e5,
      );
      const names = snap.projects.map((p) => p.name);
      const shown = logPreviewText(parseQuickEntry(text, names, snap.today.date), snap.projects, (m) =>
        formatMinutes(m),
      );
      await must(core.handlers.quickEntry({ text }));
      await untilSynced(core);
      const stored = await storedEntry(word);
      expect(shown, text).toMatch(new RegExp(`^Logs ${formatMinutes(stored.minutes)}[ (]`));
    }
  });

  it("a paused timer's Log: the button's minutes are the minutes stored, on each increment", async () => {
    const runs = fc.sample(fc.integer({ min: 1, max: 3 * 3600 * 1000 }), { numRuns: LINE_PROJECTS.length, seed: 2706 });
    for (const [i, project] of LINE_PROJECTS.entries()) {
      const projectId = core.getSnapshot().projects.find((p) => p.name === project.name)!.id;
      await must(core.handlers.startTimer({ projectId }));
      await untilSynced(core);
      local.clock.pass(runs[i]!);
      await must(core.handlers.pauseTimer({ projectId }));
      await untilSynced(core);
      // The window shows the seconds the user paused at until the read after the pause brings
      // the service's (whole seconds): preview what it shows then, as the card would.
      const service = await local.api.getTimer(projectId);
      const shown = () => core.getSnapshot().timers.find((t) => t.projectId === projectId);
      await until(() => shown()?.seconds === service.seconds, 'the paused timer read back');
      const snap = core.getSnapshot();
      const timer = snap.timers.find((t) => t.projectId === projectId)!;
      const increment = snap.projects.find((p) => p.id === projectId)!.billingIncrement;
      const button = logPreview(liveSeconds(timer, local.clock.now()), timer.projectName, increment, false);
      const before = await entriesOf(projectId);
      await must(core.handlers.logTimer({ projectId }));
      local.clock.pass(UNDO_GRACE_MS);
      core.notify('resume');
      await untilSynced(core);
      await until(() => core.getSnapshot().timers.every((t) => t.projectId !== projectId), 'the timer logged');
      const made = (await entriesOf(projectId)).filter((e) => !before.some((b) => b.id === e.id));
      expect(
        made.map((e) => e.minutes),
        `${project.name} at ${runs[i]} ms`,
      ).toEqual([button.minutes]);
    }
  });

  it('`stint log`: each line said as the preview says it, and stored so', async () => {
    const bundle = await bundleCli(dir.path);
    const socket = await startCliSocket({
      handlers: core.handlers as unknown as Handlers,
      dataDir: `${dir.path}/data`,
    });
    try {
      // Today's lines only: the command line says the day as the window does, and this keeps it one day.
      const lines = sample(8, 2705)
        .filter((l) => l.day === null || l.day === 'today')
        .map((l) => ({ word: marker(), line: l }));
      const texts = lines.map(({ word, line }) => line.text(word));
      const snap = core.getSnapshot();
      const said = texts.map((t) => preview(t, snap));
      const run = await runStint(bundle, ['--data', `${dir.path}/data`, 'log', '--new-project'], {
        stdin: `${texts.join('\n')}\n`,
      });
      expect(run.stderr).toBe('');
      const words = said.map((s, i) => `line ${i + 1}: Logged ${loggedWords(s, snap.today.date, snap.timeFormat)}.`);
      expect(run.stdout.trim().split('\n')).toEqual(words);
      const stored = await Promise.all(lines.map(({ word }) => storedEntry(word)));
      expect(stored.map((s) => s.minutes)).toEqual(said.map((s) => s.minutes));
    } finally {
      await socket.close();
    }
  });
});

const entriesOf = async (projectId: number) => {
  const today = localDate(local.clock.now());
  return collect(local.api.listEntries({ from: addDays(today, -1), to: today, project_ids: [projectId] }));
};

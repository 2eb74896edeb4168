// Crash safety: the app (test/support/outboxChild.ts, a real core with the real client and its
// journal on disk) works through a script of user actions against the local service and is
// killed with SIGKILL at random moments, over and over: while starting, while the user acts,
// while the outbox sends. Now and then the kill also tears the journal's last write. After each
// kill it is started again on the same data folder. Now and then two lives start at the same
// moment on the folder (a double start, as a second `npm run web` on it): exactly one takes the
// folder, the other is refused having done nothing, and the one that took it is killed like any
// other. Once the script is done and the outbox drained, the service holds exactly what the user
// did: nothing lost, nothing twice.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../support/nodeBundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { JOURNAL_FILE } from '../../../main/core/sync/journal';
import { startService, type RunningService } from '../../../service';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy';
import { mulberry32, type Random } from '../../support/random';
import type { Operation } from '../../../main/core/model/operations';
import {
  actionSignature,
  applyToModel,
  compare,
  Model,
  operationSignature,
  script,
  type Action,
} from '../../support/userModel';

/** Kills in `npm test`; bench/crash.bench.ts runs the full 220 (STINT_CRASH_KILLS sets it). */
const KILLS = Number(process.env.STINT_CRASH_KILLS ?? 40);
/**
 * A life ends this many ms after the spawn: from halfway through the start-up seen so far (its
 * median, which depends on the machine's load: 100 to 400 ms here) to 300 ms past it, so that
 * kills land in start-up (opening the journal and the account comes in its second half) and,
 * mostly, in a working app: about 60 % after start-up at a 400 ms median, 80 % at 150 ms. (From
 * 20 ms on, a loaded machine's slow start-up took the share after it below half.)
 */
const lifeMs = (ready: number[]): [number, number] => {
  const sorted = [...ready].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 150;
  // On a loaded machine start-up times spread wide (median 350 ms, slowest near 1 s): the window
  // then reaches past the slow start-ups too, or most kills would land before core is open.
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? median;
  return [Math.round(median / 2), Math.max(median + 300, p90 + 150)];
};

/** The share of lives started as two at once on the folder. */
const DOUBLE_STARTS = 0.08;

let work: string;
let bundle: string;
let service: RunningService;
/** Between the app and the service; faults only with STINT_CRASH_FAULTS (a share of requests). */
let proxy: FaultProxy;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'stint-crash-'));
  // One bundle, run by plain node: a life must start in well under a second.
  bundle = await bundleForNode(
    fileURLToPath(new URL('../../support/outboxChild.ts', import.meta.url)),
    join(work, 'outboxChild.mjs'),
  );
  service = await startService({ rateLimit: 0 });
  proxy = await startFaultProxy(service.url);
});
afterAll(async () => {
  await proxy?.close();
  await service?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Life {
  killed: boolean;
  /** ms from spawn to "ready", if it got there */
  ready: number | null;
  code: number | null;
  out: string;
  err: string;
}

/** One life of the app: ends by itself, or is killed `killAfterMs` after the spawn. */
function live(dataDir: string, scriptFile: string, killAfterMs: number | null): Promise<Life> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [bundle, dataDir, proxy.url, service.token, scriptFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const life: Life = { killed: false, ready: null, code: null, out: '', err: '' };
    child.stdout.on('data', (d: Buffer) => {
      life.out += d.toString();
      if (life.ready === null && life.out.includes('ready ')) life.ready = Date.now() - started;
    });
    child.stderr.on('data', (d: Buffer) => (life.err += d.toString()));
    const timer = setTimeout(() => {
      life.killed = killAfterMs !== null;
      child.kill('SIGKILL');
    }, killAfterMs ?? 60_000);
    child.on('error', reject);
    // 'close', not 'exit': after every line the life wrote has been read. On a loaded machine a
    // "ready" written just before the kill may still sit in the pipe at 'exit', and the kill
    // would count as one in start-up.
    child.on('close', (code) => {
      clearTimeout(timer);
      life.code = code;
      resolve(life);
    });
  });
}

/**
 * Tears the journal's last write, as a kill in the middle of one would. Only a write the app had
 * not finished can be torn: the operation of the action in doubt (the app had not answered the
 * user yet), cut just before its newline; or a record the app might have been writing next, the
 * attempt to send an operation still queued, cut anywhere or just before its newline.
 */
function tear(dataDir: string, rng: Random, doubt: Action | undefined): 'cut' | 'no-newline' | null {
  const path = join(dataDir, JOURNAL_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  if (text === '' || !text.endsWith('\n')) return null; // nothing, or already torn
  const lines = text.slice(0, -1).split('\n');
  const parse = (line: string) => {
    try {
      return JSON.parse(line) as { t: string; id?: string; op?: Operation; ops?: Operation[] };
    } catch {
      return null; // a torn line already there
    }
  };
  const lastLine = parse(lines.at(-1)!);
  // One write may queue several (outbox.addAll): the action's operation is its last.
  const last = lastLine?.t === 'ops' ? { t: 'op', op: lastLine.ops?.at(-1) } : lastLine;
  if (
    doubt &&
    last?.t === 'op' &&
    last.op &&
    operationSignature(last.op) === actionSignature(doubt) &&
    rng.chance(0.7)
  ) {
    writeFileSync(path, text.slice(0, -1));
    return 'no-newline';
  }
  const done = new Set<string>();
  const queued: string[] = [];
  for (const r of lines.map(parse)) {
    if (r?.t === 'op' && r.op) queued.push(r.op.id);
    else if (r?.t === 'ops' && r.ops) queued.push(...r.ops.map((op) => op.id));
    else if ((r?.t === 'done' || r?.t === 'discard') && r.id) done.add(r.id);
  }
  const id = queued.filter((q) => !done.has(q)).at(-1);
  if (!id) return null;
  const record = JSON.stringify({ t: 'attempt', id });
  if (rng.chance(0.5)) {
    appendFileSync(path, record.slice(0, rng.int(1, record.length - 1)));
    return 'cut';
  }
  appendFileSync(path, record);
  return 'no-newline';
}

function progress(dataDir: string): Map<number, number> {
  const at = new Map<number, number>();
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'progress.log'), 'utf8');
  } catch {
    return at;
  }
  for (const line of text.split('\n')) {
    const m = /^done (\d+) (\d+)$/.exec(line);
    if (m) at.set(Number(m[1]), Number(m[2]));
  }
  return at;
}

describe('killed at random moments and started again', () => {
  it(`loses and duplicates nothing over ${KILLS} kills`, { timeout: 240_000 }, async () => {
    const seed = Number(process.env.STINT_CRASH_SEED ?? 7);
    const rng = mulberry32(seed);
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    const scriptFile = join(work, 'script.json');
    const actions: Action[] = script(mulberry32(seed ^ 0xc4a5), 4000);
    writeFileSync(scriptFile, JSON.stringify({ actions }));
    const faultRate = Number(process.env.STINT_CRASH_FAULTS ?? 0);
    if (faultRate > 0) proxy.chaos({ seed, rate: faultRate, expireMs: 100 });

    const stats = {
      doubleStarts: 0,
      refused: 0,
      lives: 0,
      kills: 0,
      killedBeforeReady: 0,
      tornCut: 0,
      tornNoNewline: 0,
      recordedByJournal: 0,
      skippedLines: 0,
      ready: [] as number[],
    };
    const note = (life: Life) => {
      stats.lives++;
      if (life.ready !== null) stats.ready.push(life.ready);
      stats.recordedByJournal += (life.out.match(/^doubt \d+ recorded$/gm) ?? []).length;
      stats.skippedLines += Number(/skipped (\d+) unreadable/.exec(life.err)?.[1] ?? 0);
    };

    /**
     * The user stops a few actions after the latest kill; the app, left alone, finishes them and
     * drains; the service must then hold exactly what the user did so far.
     */
    const settleAndCompare = async () => {
      proxy.heal();
      const reached = Math.max(-1, ...progress(dataDir).keys());
      const done = actions.slice(0, reached + 12);
      writeFileSync(scriptFile, JSON.stringify({ actions: done }));
      const settled = await live(dataDir, scriptFile, null);
      note(settled);
      expect(settled.err).not.toMatch(/Error/);
      expect(settled.out).toContain('drained');
      expect(settled.code).toBe(0);
      // What the user did, at the moments the app took it.
      const at = progress(dataDir);
      expect([...at.keys()].sort((a, b) => a - b)).toEqual(done.map((_, i) => i));
      const model = new Model();
      for (const [i, a] of done.entries()) applyToModel(model, a, at.get(i)!);
      const direct = createServiceApi({
        baseUrl: service.url,
        credentials: { kind: 'personal', token: service.token },
        rateLimit: 0,
        retries: 0,
      });
      const result = await compare(direct, model, Date.now());
      expect(
        result,
        `after ${stats.kills} kills (replay: STINT_CRASH_SEED=${seed} STINT_CRASH_KILLS=${KILLS})`,
      ).toMatchObject({ lost: 0, duplicated: 0, wrong: 0, problems: [] });
      // The script goes on from there in the next lives.
      writeFileSync(scriptFile, JSON.stringify({ actions }));
      if (faultRate > 0) proxy.chaos({ seed: seed + stats.kills, rate: faultRate, expireMs: 100 });
      checks++;
      return done.length;
    };
    let checks = 0;
    // One life left alone first (a dozen actions, drained, checked): it measures the start-up, so
    // that the first kills already land around it and not all in start-up on a slow machine.
    await settleAndCompare();

    /** Two lives at the same moment: at most one takes the folder (exactly one when both got to try). */
    const doubleStart = async (killAt: number): Promise<Life> => {
      const both = await Promise.all([live(dataDir, scriptFile, killAt), live(dataDir, scriptFile, killAt)]);
      stats.doubleStarts++;
      const took = both.filter((l) => l.out.includes('locked'));
      const refused = both.filter((l) => l.out.includes('refused'));
      expect(took.length, both.map((l) => l.out).join('\n---\n')).toBeLessThanOrEqual(1);
      if (refused.length + took.length === 2) expect(took).toHaveLength(1);
      for (const l of refused) {
        expect(l).toMatchObject({ code: 4, ready: null });
        expect(l.out.trim()).toBe('refused');
        stats.refused++;
        stats.lives++;
      }
      return both.find((l) => !refused.includes(l))!;
    };

    // Most kills must land in a working app (acting, sending), not only in start-up: on a loaded
    // machine start-up stretches and more kills land in it, so the run goes on until KILLS kills
    // and at least half that many after start-up (bounded, so an app that never opens still fails).
    const killedWorking = () => stats.kills - stats.killedBeforeReady;
    while (stats.kills < KILLS || (killedWorking() < KILLS / 2 && stats.kills < KILLS * 2)) {
      if (stats.lives > KILLS * 6)
        throw new Error(`${stats.lives} lives for ${stats.kills} kills: the app ends too soon to be killed`);
      const killAt = rng.int(...lifeMs(stats.ready));
      const life = rng.chance(DOUBLE_STARTS) ? await doubleStart(killAt) : await live(dataDir, scriptFile, killAt);
      note(life);
      if (!life.killed) {
        // It finished the script: the next lives have more to do.
        expect(life.out, life.err).toContain('drained');
        continue;
      }
      stats.kills++;
      if (life.ready === null) stats.killedBeforeReady++;
      if (rng.chance(0.3)) {
        const torn = tear(dataDir, rng, actions[Math.max(-1, ...progress(dataDir).keys()) + 1]);
        if (torn === 'cut') stats.tornCut++;
        if (torn === 'no-newline') stats.tornNoNewline++;
      }
      // Exact not only at the end: every quarter of the kills, the data so far is checked.
      if (stats.kills % Math.ceil(KILLS / 4) === 0 && stats.kills < KILLS) await settleAndCompare();
    }
    const total = await settleAndCompare();

    const ready = [...stats.ready].sort((a, b) => a - b);
    console.log(
      `crash: ${stats.kills} kills (${stats.killedBeforeReady} before core was open) over ${stats.lives} lives, ${total} actions, data checked exact ${checks} times; ` +
        `double starts: ${stats.doubleStarts} (${stats.refused} refused); ` +
        `torn journal writes: ${stats.tornCut} cut, ${stats.tornNoNewline} without newline; core skipped ${stats.skippedLines} torn line(s); ` +
        `actions in doubt found in the journal: ${stats.recordedByJournal}; start-up to ready: median ${ready[Math.floor(ready.length / 2)]} ms, max ${ready.at(-1)} ms`,
    );
    // The start-up time printed above is a speed: bench/crash.bench.ts holds it to its target.
    expect(killedWorking()).toBeGreaterThanOrEqual(KILLS / 2);
  });
});

// Idle on every Linux desktop: the sampler (main/desktopBus/idleSampler.ts) reads stand-in GNOME,
// KDE and logind services on a real private session bus, beside an Electron reading of 0 (as on
// GNOME Wayland), and core against the real local service turns what it reads into the idle prompt.
// The clock is the harness's shifted one; the user's idle time is the stand-ins' pretend user.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/types';
import { openBus, type DesktopBus } from '../../../main/desktopBus/bus';
import {
  gnomeIdleReader,
  logindIdleReader,
  screenSaverIdleReader,
  type IdleReader,
} from '../../../main/desktopBus/idleReaders';
import { startIdleSampler, type IdleSampler } from '../../../main/desktopBus/idleSampler';
import { IDLE_SAMPLE_MS } from '../../../main/core/desktop/idle/sampling';
import { exportDesktopIdle, type Desk, type DesktopKind } from '../../support/desktopIdleServices';
import { startSessionBus, type SessionBusHandle } from '../../support/sessionBus';
import { tempDir } from '../../support/tempDir';
import { uniqueName } from '../../support/names';
import { must, startLocal, untilSynced, type Local } from '../core/harness';

const MIN = 60_000;
let local: Local;
let sessionBus: SessionBusHandle;
let dir: ReturnType<typeof tempDir>;
let bus: DesktopBus;
beforeAll(async () => {
  local = await startLocal();
  sessionBus = await startSessionBus();
});
afterAll(async () => {
  await local?.close();
  await sessionBus?.stop();
});
beforeEach(() => {
  dir = tempDir();
  bus = openBus('session', sessionBus.address);
});
afterEach(() => {
  bus.close();
  dir.remove();
});

/** Electron's reading on GNOME Wayland: always 0. */
const waylandElectron: IdleReader = { source: 'electron', read: async () => 0 };

/** Every reader the shell makes on Linux; logind's bus is the session bus here. */
const readers = (): IdleReader[] => [
  waylandElectron,
  gnomeIdleReader(bus),
  screenSaverIdleReader(bus),
  logindIdleReader(bus, () => local.clock.now()),
];

interface Scene {
  core: Core;
  desk: Desk;
  sampler: IdleSampler;
  /** Lets `ms` pass in steps of one sampling period, sampling after each, the user typing or not. */
  pass(ms: number, typing: boolean): Promise<void>;
  /** Samples every period until the prompt shows; answers how long after `since` it showed. */
  untilPrompt(since: number): Promise<number>;
  stop(): Promise<void>;
}

async function scene(kind: DesktopKind, name: string): Promise<Scene> {
  const desk: Desk = { lastInputAt: local.clock.now(), now: () => local.clock.now() };
  const standIn = await exportDesktopIdle(sessionBus.address, kind, desk);
  const core = await local.core(dir.path);
  const { projectId } = await must(core.handlers.createProject({ name: uniqueName(name) }));
  await must(core.handlers.startTimer({ projectId }));
  await untilSynced(core);
  const sampler = startIdleSampler({
    readers: readers(),
    timers: () => core.getSnapshot().timers,
    notify: (event) => core.notify(event),
    now: () => local.clock.now(),
    everyMs: null,
  });
  const step = async (typing: boolean) => {
    local.clock.pass(IDLE_SAMPLE_MS);
    if (typing) desk.lastInputAt = local.clock.now() - 3_000;
    await sampler.sample();
  };
  return {
    core,
    desk,
    sampler,
    async pass(ms, typing) {
      for (let passed = 0; passed < ms; passed += IDLE_SAMPLE_MS) await step(typing);
    },
    async untilPrompt(since) {
      while (!core.getSnapshot().idle) {
        if (local.clock.now() - since > 5 * MIN) throw new Error('no idle prompt 5 minutes after the return');
        await step(true);
      }
      return local.clock.now() - since;
    },
    async stop() {
      sampler.stop();
      await standIn.stop();
    },
  };
}

const DESKTOPS: Array<{ kind: DesktopKind; words: string }> = [
  { kind: 'gnome', words: 'Idle read from GNOME' },
  { kind: 'kde', words: 'Idle read from the desktop’s screen saver (KDE and others)' },
  { kind: 'logind', words: 'Idle read from logind' },
];

describe.each(DESKTOPS)('idle on $kind, where Electron reads 0', ({ kind, words }) => {
  it('away 12 minutes: the prompt within 30 s of the return, away since within 15 s of the truth, and Settings names the source', async () => {
    const s = await scene(kind, `Idle${kind}`);
    try {
      await s.pass(5 * MIN, true);
      const leftAt = s.desk.lastInputAt;
      await s.pass(12 * MIN, false);
      expect(s.core.getSnapshot().idle).toBeNull();
      const backAt = local.clock.now() + 1_000;
      s.desk.lastInputAt = backAt;
      const after = await s.untilPrompt(backAt);
      expect(after).toBeLessThanOrEqual(30_000);
      const prompt = s.core.getSnapshot().idle!;
      expect(Math.abs(prompt.idleSince - leftAt)).toBeLessThanOrEqual(15_000);
      expect(Math.abs(prompt.idleSeconds - 12 * 60)).toBeLessThanOrEqual(30);
      expect(s.core.getSnapshot().idleSource).toBe(words);
    } finally {
      await s.stop();
    }
  });

  it('away, then the machine asleep 8 hours: the prompt within 30 s of the return, away since the last input', async () => {
    const s = await scene(kind, `Sleep${kind}`);
    try {
      await s.pass(5 * MIN, true);
      const leftAt = s.desk.lastInputAt;
      await s.pass(3 * MIN, false);
      s.sampler.power('suspend');
      s.core.notify({ kind: 'suspend', at: local.clock.now() });
      local.clock.pass(8 * 60 * MIN);
      // The user wakes it with a key.
      const backAt = local.clock.now();
      s.desk.lastInputAt = backAt;
      s.sampler.power('resume');
      s.core.notify({ kind: 'resume', at: backAt });
      const after = await s.untilPrompt(backAt);
      expect(after).toBeLessThanOrEqual(30_000);
      const prompt = s.core.getSnapshot().idle!;
      expect(Math.abs(prompt.idleSince - leftAt)).toBeLessThanOrEqual(15_000);
      expect(prompt.idleSeconds).toBeGreaterThan(8 * 60 * 60);
      expect(s.core.getSnapshot().idleSource).toBe(words);
    } finally {
      await s.stop();
    }
  });
});

describe('no desktop monitor on the bus', () => {
  it('Electron reading 0 stays the source until it reads 0 behind a locked screen, then Settings says none answers', async () => {
    const core = await local.core(dir.path);
    const sampler = startIdleSampler({
      readers: readers(),
      timers: () => core.getSnapshot().timers,
      notify: (event) => core.notify(event),
      now: () => local.clock.now(),
      everyMs: null,
    });
    try {
      const { projectId } = await must(core.handlers.createProject({ name: uniqueName('IdleNone') }));
      await must(core.handlers.startTimer({ projectId }));
      await untilSynced(core);
      await sampler.sample();
      expect(core.getSnapshot().idleSource).toBe('Idle read from the system (Electron)');
      sampler.power('lock');
      local.clock.pass(IDLE_SAMPLE_MS);
      await sampler.sample();
      expect(core.getSnapshot().idleSource).toBe(
        'Idle: no source answers here; only sleep and a locked screen count as time away.',
      );
    } finally {
      sampler.stop();
    }
  });
});

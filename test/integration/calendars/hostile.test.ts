// Issue 28 item 1: a calendar anyone can put an event into (one the user subscribes to) must not
// freeze the app. Each hostile calendar (test/support/calendars.ts hostileCalendar) is added to a
// real app while the core's getSnapshot call and the command line's socket are asked again and
// again: every answer comes within 100 ms while the calendar is read, parsed and expanded (in the
// calendars' thread), and the calendar then says what it left out.

import { createConnection } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import type { Snapshot } from '../../../common/snapshot';
import { startCliSocket } from '../../../main/core/cliSocket/server';
import { createKeychain } from '../../../platform/keychain';
import { appsPerTest, call } from '../accounts/apps';
import { hostileCalendar, calendarsForFile, type CalendarServer } from '../../support/calendars';
import { uniqueId } from '../../support/names';
import { CONDITION_WAIT_MS } from '../../support/patience';

let server: CalendarServer;
calendarsForFile((served) => (server = served));

const apps = appsPerTest();

/** One getSnapshot over the command line's socket, as `stint status` asks it. */
function socketSnapshot(path: string): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl === -1) return;
      socket.destroy();
      resolve(JSON.parse(text.slice(0, nl)).result.value);
    });
    socket.on('error', reject);
    socket.write('{"id":1,"channel":"getSnapshot","request":{}}\n');
  });
}

/**
 * The slowest answer of each door, asked one after the other until `done` says the read is over:
 * its wall time, and the CPU time main's thread spent while it was asked (whatever ran meanwhile:
 * a parse on main's loop would be in it). Seven test runs share two cores here, so wall time alone
 * measures the machine; main's own CPU time measures whether its loop is free.
 */
async function slowestWhile(ask: Record<'core' | 'socket', () => Promise<unknown>>, done: () => boolean) {
  const slowest = { wallMs: 0, mainCpuMs: 0, asked: 0 };
  while (!done()) {
    for (const door of ['core', 'socket'] as const) {
      const start = performance.now();
      const cpu = process.threadCpuUsage();
      await ask[door]();
      const used = process.threadCpuUsage(cpu);
      slowest.wallMs = Math.max(slowest.wallMs, performance.now() - start);
      slowest.mainCpuMs = Math.max(slowest.mainCpuMs, (used.user + used.system) / 1000);
    }
    slowest.asked++;
  }
  return slowest;
}

const KINDS = [
  ['secondly', /Left out: 1 event repeating more than 100 times a day\./],
  ['minutely', /Left out: 1 event repeating more than 100 times a day\./],
  ['hourly', null],
  ['past', null],
  ['overrides', /Left out: 1 event with more than 5000 moved occurrences\./],
] as const;

describe('a hostile calendar', () => {
  it.each(KINDS)(
    '(%s) is read while the window and the command line answer within 100 ms',
    async (kind, said) => {
      const dataDir = apps.folder();
      const app = await apps.open(dataDir, createKeychain(uniqueId('stint-test')));
      const socket = await startCliSocket({ handlers: app.handlers, dataDir: join(dataDir, 'cli') });
      try {
        const path = `/${uniqueId(kind)}/basic.ics`;
        server.set(path, hostileCalendar(kind, localDate(Date.now()).replace(/-/g, '')));
        // Read: added, its text parsed and today's occurrences listed (the calendar says its events,
        // and what it left out, once they are).
        const read = (s: Snapshot) => {
          const [source] = s.calendar.calendars;
          return !!source && source.events > 0 && (said === null || !!source.problem);
        };
        let added: Awaited<ReturnType<typeof call>> | null = null;
        const adding = call(app, 'addCalendar', { address: server.url(path) }).then((r) => {
          added = r;
        });
        const slowest = await slowestWhile(
          { core: () => call(app, 'getSnapshot', {}), socket: () => socketSnapshot(socket.path) },
          () => added !== null && read(app.getSnapshot()),
        );
        await adding;
        expect(added).toMatchObject({ ok: true });
        expect(slowest.asked).toBeGreaterThan(0);
        // Under 100 ms of main's own work per answer; under 2 s of wall time even on a loaded machine
        // (unbounded, on main's loop, these calendars held every answer for 7 to 72 s).
        expect(slowest.mainCpuMs).toBeLessThan(100);
        expect(slowest.wallMs).toBeLessThan(2000);

        const [source] = app.getSnapshot().calendar.calendars;
        if (said) expect(source!.problem).toMatch(said);
        else expect(source!.problem).toBeNull();
        // Each snapshot stays a snapshot: no day of 86 400 meetings.
        expect(JSON.stringify(app.getSnapshot()).length).toBeLessThan(200_000);
        if (kind === 'hourly') expect(app.getSnapshot().calendar.today.length).toBeGreaterThanOrEqual(23);
      } finally {
        await socket.close();
      }
    },
    CONDITION_WAIT_MS * 2,
  );
});

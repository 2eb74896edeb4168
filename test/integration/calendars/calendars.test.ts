// The app's calendars (main/core/calendars/calendars.ts) against real calendars served over
// loopback HTTP, with the addresses in a real Secret Service (gnome-keyring on a private session
// bus): the week of the end of summer time in Berlin, read, cached, refreshed at most every 15
// minutes, dismissed for good, and the address never written to a file.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntryView } from '../../../common/snapshot';
import { type Calendars, openCalendars } from '../../../main/core/calendars/calendars';
import { createKeychain } from '../../../platform/keychain';
import { dstWeekCalendar, ME, serveCalendars } from '../../support/calendars';
import { fakeClock } from '../../support/clock';
import { uniqueId } from '../../support/names';
import { startSecretService, type SecretServiceHandle } from '../../support/secretService';
import { tempDir } from '../../support/tempDir';
import { SENT } from '../../../common/savedHere';

// Google's secret address has this shape; the part after private- is what must never leak.
const SECRET = 'private-0123456789abcdef0123456789abcdef';
const PATH = `/calendar/ical/me%40example.org/${SECRET}/basic.ics`;

const tzBefore = process.env.TZ;
const busBefore = process.env.DBUS_SESSION_BUS_ADDRESS;
let secretService: SecretServiceHandle;
let server: Awaited<ReturnType<typeof serveCalendars>>;
beforeAll(async () => {
  process.env.TZ = 'Europe/Berlin';
  secretService = await startSecretService();
  server = await serveCalendars();
});
afterAll(async () => {
  await server?.close();
  await secretService?.stop();
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
  if (busBefore === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = busBefore;
});

const opened: Calendars[] = [];
const dirs: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.stop();
  for (const d of dirs.splice(0)) d.remove();
});

function setUp() {
  const dir = tempDir('stint-calendars-');
  dirs.push(dir);
  const secrets = createKeychain(uniqueId('stint-test'));
  const clock = fakeClock(new Date(2026, 9, 26, 9, 0).getTime());
  const path = `/${uniqueId('cal')}${PATH}`;
  server.set(path, dstWeekCalendar());
  const open = () => {
    const calendars = openCalendars({ dataDir: dir.path, secrets, clock });
    opened.push(calendars);
    return calendars;
  };
  return { dataDir: dir.path, secrets, clock, path, url: server.url(path), open };
}

/**
 * The view once the calendars' thread has listed the day (calendarWorker.ts): a day not listed yet
 * shows none and is asked for; the view is told when it comes.
 */
async function viewed(calendars: Calendars, ...args: Parameters<Calendars['view']>) {
  calendars.view(...args);
  await calendars.settled();
  return calendars.view(...args);
}

const lines = async (calendars: Calendars, day: string, entries: EntryView[] = []) =>
  (await viewed(calendars, day, entries, null)).today.map((e) => e.line);

/** A server answering `total` bytes of one endless VEVENT, chunked (no Content-Length), as fast as it is read. */
async function serveEndless(total: number) {
  const { createServer } = await import('node:http');
  let sent = 0;
  let closed = false;
  const chunk = Buffer.alloc(
    1024 * 1024,
    'DESCRIPTION:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
  );
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.write('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n');
    const more = () => {
      while (sent < total && !closed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('close', () => {
      closed = true;
    });
    more();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/${SECRET}/basic.ics`,
    sent: () => sent,
    closed: () => closed,
    close: () => new Promise<void>((resolve) => http.close(() => resolve()).closeAllConnections()),
  };
}

/** Every file under dir, with its text. */
function filesUnder(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

describe('calendars read over HTTP', () => {
  it('lists each day of a week of meetings across the end of summer time, as Berlin sees it', async () => {
    const { url, open } = setUp();
    const calendars = open();
    const added = await calendars.add({ address: url, email: ME });
    expect(added).toMatchObject({ ok: true, value: { kind: 'url', events: 6, problem: null } });

    expect(await lines(calendars, '2026-10-21')).toEqual(['#meeting Team offsite', '10:00-10:15 #meeting Stand-up']);
    expect(await lines(calendars, '2026-10-22')).toEqual(['14:00-14:15 #meeting Stand-up (moved)']);
    expect(await lines(calendars, '2026-10-23')).toEqual([]);
    expect(await lines(calendars, '2026-10-24')).toEqual(['10:00-10:15 #meeting Stand-up']);
    expect(await lines(calendars, '2026-10-26')).toEqual(['10:00-10:15 #meeting Stand-up']);
    expect(await lines(calendars, '2026-10-27')).toEqual([
      '10:00-10:15 #meeting Stand-up',
      '14:00-15:00 #meeting Call with New York',
    ]);
  });

  it("keeps the address in the keychain only: no file of Stint's holds it, the view shows it redacted", async () => {
    const { url, open, dataDir, secrets } = setUp();
    const calendars = open();
    const added = await calendars.add({ address: url });
    if (!added.ok) throw new Error(added.error.message);
    const files = filesUnder(dataDir);
    expect(files.map((f) => f.path.slice(dataDir.length))).toEqual(
      expect.arrayContaining(['/calendars.json', `/calendars/${added.value.id}.ics`]),
    );
    for (const file of files) expect(file.text, file.path).not.toContain(SECRET);
    expect(added.value.label).toBe(`Calendar at ${new URL(url).host}`);
    expect(JSON.stringify(await viewed(calendars, '2026-10-26', [], null))).not.toContain(SECRET);
    expect(await secrets.get(`calendar-${added.value.id}`, 'calendar-address')).toBe(url);

    expect((await calendars.remove(added.value.id)).ok).toBe(true);
    expect(await secrets.get(`calendar-${added.value.id}`, 'calendar-address')).toBeNull();
  });

  // Issue 28 item 3: Nextcloud's and iCloud's published addresses end in their secret.
  it('keeps a secret last path segment out of the label, every file and the view', async () => {
    const { open, dataDir } = setUp();
    const token = 'Xk3fQ9TOKENy9QpZbW2e';
    const path = `/${uniqueId('cloud')}/remote.php/dav/public-calendars/${token}`;
    server.set(path, dstWeekCalendar());
    const calendars = open();
    const added = await calendars.add({ address: `${server.url(path)}?export` });
    expect(added).toMatchObject({ ok: true, value: { label: `Calendar at ${new URL(server.url('/')).host}` } });
    for (const file of filesUnder(dataDir)) expect(file.text, file.path).not.toContain(token);
    expect(JSON.stringify(await viewed(calendars, '2026-10-26', [], null))).not.toContain(token);
  });

  it('rewrites a label an earlier Stint kept with the secret segment, as its host only', async () => {
    const { open, dataDir } = setUp();
    const token = 'MTIzTOKENNDU2Nzg5';
    const id = '0b6d2a58-8f8e-4c8e-9a51-3c1f0e2d4b7a';
    const old = { id, kind: 'url', label: `p42-caldav.icloud.com/…/${token}`, email: null, readAt: null };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(dataDir, 'calendars.json'),
      JSON.stringify({ version: 1, calendars: [old], dismissed: [], projects: {} }),
    );
    const calendars = open();
    expect(calendars.view('2026-10-26', [], null).calendars.map((c) => c.label)).toEqual([
      'Calendar at p42-caldav.icloud.com',
    ]);
    expect(readFileSync(join(dataDir, 'calendars.json'), 'utf8')).not.toContain(token);
  });

  it('keeps a dismissed occurrence dismissed after a restart, and shows the cached events while the address fails', async () => {
    const { url, path, open, clock } = setUp();
    const first = open();
    expect((await first.add({ address: url })).ok).toBe(true);
    const [standup] = (await viewed(first, '2026-10-26', [], null)).today;
    expect(first.dismiss(standup!.key).ok).toBe(true);
    expect(await lines(first, '2026-10-26')).toEqual([]);
    first.stop();

    server.set(path, null);
    clock.advance(15 * 60_000);
    const again = open();
    again.windowShown(true);
    await again.settled();
    expect(await lines(again, '2026-10-26')).toEqual([]);
    // Only that occurrence: the next day's is listed, from the cache, and the failure is said.
    expect(await lines(again, '2026-10-27')).toContain('10:00-10:15 #meeting Stand-up');
    const [source] = again.view('2026-10-27', [], null).calendars;
    expect(source!.problem).toMatch(/answered 404/);
    expect(source!.problem).not.toContain(SECRET);
  });

  it('reads the address again at most every 15 minutes, and only while the window is shown', async () => {
    const { url, path, open, clock } = setUp();
    const calendars = open();
    expect((await calendars.add({ address: url })).ok).toBe(true);
    expect(server.requests(path)).toBe(1);

    calendars.windowShown(true);
    await calendars.settled();
    expect(server.requests(path)).toBe(1);
    clock.advance(14 * 60_000);
    calendars.windowShown(true);
    await calendars.settled();
    expect(server.requests(path)).toBe(1);
    clock.advance(60_000);
    await calendars.settled();
    expect(server.requests(path)).toBe(2);

    calendars.windowShown(false);
    clock.advance(60 * 60_000);
    await calendars.settled();
    expect(server.requests(path)).toBe(2);
    calendars.windowShown(true);
    await calendars.settled();
    expect(server.requests(path)).toBe(3);
  });

  it('remembers the project an event was logged on and offers it for its next occurrences', async () => {
    const { url, open } = setUp();
    const calendars = open();
    expect((await calendars.add({ address: url })).ok).toBe(true);
    const logged: EntryView = {
      key: 'e1',
      id: 1,
      date: '2026-10-26',
      minutes: 15,
      description: '#meeting Stand-up',
      projectName: 'Acme',
      status: SENT,
    };
    expect(await lines(calendars, '2026-10-26', [logged])).toEqual([]);
    await Promise.resolve();
    expect((await lines(calendars, '2026-10-27'))[0]).toBe('10:00-10:15 @Acme #meeting Stand-up');
    // Kept on disk: a restart offers it too.
    calendars.stop();
    expect((await lines(open(), '2026-10-28'))[0]).toBe('10:00-10:15 @Acme #meeting Stand-up');
  });

  it("lists the shown week's days up to today, each line with its date, an entry of that day logging its event", async () => {
    const { url, open } = setUp();
    const calendars = open();
    expect((await calendars.add({ address: url })).ok).toBe(true);
    const standup: EntryView = {
      key: 'e27',
      id: 27,
      date: '2026-10-27',
      minutes: 15,
      description: 'Stand-up',
      projectName: null,
      status: SENT,
    };
    const dates = ['26', '27', '28', '29', '30', '31'].map((d) => `2026-10-${d}`).concat('2026-11-01');
    const week = dates.map((date) => ({ date, entries: date === '2026-10-27' ? [standup] : [] }));
    const view = await viewed(calendars, '2026-10-28', [], null, week);
    expect(Object.keys(view.week)).toEqual(['2026-10-26', '2026-10-27', '2026-10-28']);
    expect(view.week['2026-10-26']!.map((e) => e.line)).toEqual(['2026-10-26 10:00-10:15 #meeting Stand-up']);
    expect(view.week['2026-10-27']!.map((e) => e.line)).toEqual(['2026-10-27 14:00-15:00 #meeting Call with New York']);
    // Today's day is today's list, its lines without a date.
    expect(view.week['2026-10-28']).toEqual(view.today);
    expect(view.today.map((e) => e.line)).toEqual(['10:00-10:15 #meeting Stand-up']);
  });

  it('refuses at the field, keeping nothing, an address over plain http elsewhere and a page that is no calendar', async () => {
    const { open, dataDir } = setUp();
    const calendars = open();
    const http = await calendars.add({ address: 'http://calendar.example.org/basic.ics' });
    expect(http).toMatchObject({ ok: false, error: { field: 'address', message: /Only https:\/\// } });
    const page = uniqueId('/page');
    server.set(page, '<html>Sign in</html>');
    const html = await calendars.add({ address: server.url(page) });
    // Issue 28 item 4: the host and the kind of failure, never what the server answered.
    expect(html).toMatchObject({
      ok: false,
      error: {
        field: 'address',
        message: `${new URL(server.url('/')).host} sent something that is not an iCalendar file.`,
      },
    });
    const missing = await calendars.add({ address: server.url('/nothing-here.ics') });
    expect(missing).toMatchObject({ ok: false, error: { message: /answered 404/ } });
    expect(calendars.view('2026-10-26', [], null).calendars).toEqual([]);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('follows a redirect on loopback, and refuses one that would take the address to plain http elsewhere', async () => {
    const { open, path } = setUp();
    const calendars = open();
    const moved = uniqueId('/moved');
    server.redirect(moved, path);
    expect(await calendars.add({ address: server.url(moved) })).toMatchObject({ ok: true, value: { events: 6 } });
    const away = uniqueId('/away');
    server.redirect(away, `http://calendar.example.org${PATH}`);
    const refused = await calendars.add({ address: server.url(away) });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        field: 'address',
        message: `${new URL(server.url('/')).host} sent Stint on to an address it does not read. Only https:// addresses are read: over http the secret address would cross the network in the clear.`,
      },
    });
    expect(JSON.stringify(refused)).not.toContain(SECRET);
  });

  // Issue 28 item 2: the limit read only Content-Length; a chunked answer has none.
  it('stops reading a chunked answer at 50 MB, refuses it and writes nothing', async () => {
    const { open, dataDir } = setUp();
    const endless = await serveEndless(400 * 1024 * 1024);
    try {
      const calendars = open();
      const added = await calendars.add({ address: endless.url });
      expect(added).toMatchObject({
        ok: false,
        error: { field: 'address', message: `${new URL(endless.url).host} sent a calendar of more than 50 MB.` },
      });
      // The answer was left at the limit, not read to its end.
      await expect.poll(() => endless.closed()).toBe(true);
      expect(endless.sent()).toBeLessThan(60 * 1024 * 1024);
      expect(filesUnder(dataDir)).toEqual([]);
    } finally {
      await endless.close();
    }
  });

  it('reads a local .ics file', async () => {
    const { open, dataDir } = setUp();
    const { writeFileSync } = await import('node:fs');
    const file = join(dataDir, '..', `${uniqueId('work')}.ics`);
    writeFileSync(file, dstWeekCalendar());
    const calendars = open();
    expect(await calendars.add({ address: file })).toMatchObject({ ok: true, value: { kind: 'file' } });
    expect(await lines(calendars, '2026-10-26')).toEqual(['10:00-10:15 #meeting Stand-up']);
  });
});

// The calendars in the app: added through the contract as the window adds them, today's meetings
// in the snapshot, one logged from its line through the outbox to the embedded service and gone
// from the list, a dismissal kept across a restart, and the address in the keychain (a real
// Secret Service) and in no file of the data folder, settings.json included.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import type { Snapshot } from '../../../common/snapshot';
import { createKeychain } from '../../../platform/keychain';
import { SETTINGS_FILE } from '../../../main/core/settings/file';
import { call, appsPerTest } from '../accounts/apps';
import { eightMeetings, calendarsForFile, type CalendarServer } from '../../support/calendars';
import { uniqueId } from '../../support/names';
import { CONDITION_WAIT_MS } from '../../support/patience';
import { SENT } from '../../../common/savedHere';

const SECRET = 'private-fedcba9876543210fedcba9876543210';

let server: CalendarServer;
calendarsForFile((served) => (server = served));

const apps = appsPerTest();

const titles = (snapshot: Snapshot) => snapshot.calendar.today.map((e) => e.title);

describe('calendars in the app', () => {
  it('lists today’s meetings, logs one from its line through the outbox, and keeps the address out of every file', async () => {
    const dataDir = apps.folder();
    const secrets = createKeychain(uniqueId('stint-test'));
    const path = `/${uniqueId('cal')}/${SECRET}/basic.ics`;
    server.set(path, eightMeetings(localDate(Date.now()).replace(/-/g, '')));
    const app = await apps.open(dataDir, secrets);
    await app.handlers.updateSettings({ theme: 'dark' });

    const added = await call(app, 'addCalendar', { address: server.url(path) });
    expect(added.ok).toBe(true);
    expect(titles(app.getSnapshot())).toHaveLength(8);
    const [first] = app.getSnapshot().calendar.today;
    expect(first!.line).toBe('9:00-9:30 #meeting Meeting 1');

    const logged = await call(app, 'quickEntry', { text: `${first!.line.split(' #')[0]} @Acme #meeting Meeting 1` });
    expect(logged).toMatchObject({ ok: true, value: { minutes: 30 } });
    // Gone at once (the queued entry has its note), and still gone once the service has it.
    expect(titles(app.getSnapshot())).not.toContain('Meeting 1');
    await app.whenIdle();
    const snapshot = app.getSnapshot();
    expect(snapshot.today.entries.find((e) => e.description === '#meeting Meeting 1')).toMatchObject({
      projectName: 'Acme',
      status: SENT,
    });
    expect(titles(snapshot)).toHaveLength(7);

    expect(existsSync(join(dataDir, SETTINGS_FILE))).toBe(true);
    for (const file of filesUnder(dataDir)) expect(readFileSync(file, 'latin1'), file).not.toContain(SECRET);
    expect(JSON.stringify(app.getSnapshot())).not.toContain(SECRET);
  });

  it('keeps a dismissed meeting dismissed after the app restarts', async () => {
    const dataDir = apps.folder();
    const secrets = createKeychain(uniqueId('stint-test'));
    const path = `/${uniqueId('cal')}/basic.ics`;
    server.set(path, eightMeetings(localDate(Date.now()).replace(/-/g, '')));
    const app = await apps.open(dataDir, secrets);
    expect((await call(app, 'addCalendar', { address: server.url(path) })).ok).toBe(true);
    const key = app.getSnapshot().calendar.today.find((e) => e.title === 'Meeting 3')!.key;
    expect((await call(app, 'dismissCalendarEvent', { key })).ok).toBe(true);
    expect(titles(app.getSnapshot())).not.toContain('Meeting 3');
    await app.stop();

    const again = await apps.open(dataDir, secrets);
    await expect
      .poll(() => titles(again.getSnapshot()), { timeout: CONDITION_WAIT_MS })
      .toEqual(['Meeting 1', 'Meeting 2', 'Meeting 4', 'Meeting 5', 'Meeting 6', 'Meeting 7', 'Meeting 8']);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
}

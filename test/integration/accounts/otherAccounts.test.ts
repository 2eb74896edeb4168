// Several accounts at once, against two real services over HTTP: the embedded local one (open) and
// a second local service playing a remote account. A timer running on the account that is not
// open is read into the snapshot and the tray menu, a read that fails leaves it out quietly, and a
// browser sign-in shows its address while it waits and can be cancelled, freeing its port.

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../common/dispatch';
import type { Result } from '../../../common/result';
import { createServiceApi } from '../../../main/api/client';
import { openStintApp } from '../../../main/core/accounts/app';
import { createSessionSecrets } from '../../../platform/keychain';
import { mainWords } from '../../../main/core/mainWords';
import { trayModel } from '../../../main/core/views/trayModel';
import type { RunningService } from '../../../service';
import { uniqueId } from '../../support/names';
import { closedPortUrl, until } from '../../support/offline';
import { ALL_DAY, outsideMidnight } from '../../e2e/reminderHours';
import { appsPerTest, call, remoteForFile } from './apps';

let work: RunningService;
const WORK_TOKEN = uniqueId('work');
const remote = remoteForFile(WORK_TOKEN, (started) => (work = started));

const { open, folder } = appsPerTest();

describe('several accounts', () => {
  it('shows a timer running on the account that is not open, in the snapshot and the tray, and leaves it out once it cannot be read', async () => {
    const app = await open(folder(), createSessionSecrets());
    const added = await call(app, 'addAccountWithToken', { baseUrl: work.url, token: WORK_TOKEN, label: 'Work' });
    expect(added).toEqual({ ok: true, value: { accountId: expect.any(String), label: 'Work', inUse: false } });
    const workId: string = added.ok ? added.value.accountId : '';

    // Someone starts a timer on Work (the web, another computer).
    const api = createServiceApi({
      baseUrl: work.url,
      credentials: { kind: 'personal', token: WORK_TOKEN },
      rateLimit: 0,
    });
    const project = await api.createProject({ name: 'Website' });
    await api.startTimer(project.id);

    await app.refreshOtherTimers();
    const snapshot = app.getSnapshot();
    expect(snapshot.account.id).toBe('local');
    expect(snapshot.otherAccountTimers).toEqual([
      {
        accountId: workId,
        accountLabel: 'Work',
        projectName: 'Website',
        state: 'running',
        seconds: expect.any(Number),
        asOf: expect.any(Number),
      },
    ]);
    // The open core is not touched: the local account has no such timer.
    expect(snapshot.timers).toEqual([]);
    const item = trayModel(snapshot, Date.now(), 'linux', mainWords('en')).menu.find((i) =>
      i.label.startsWith('Work: Website'),
    );
    expect(item).toMatchObject({
      label: expect.stringMatching(/^Work: Website \d+:\d\d \(another account\)$/),
      action: { channel: 'setDefaultAccount', request: { accountId: workId } },
    });

    // The tray's click: Work opens, and its timer is its own core's now, not "another account's".
    expect(await dispatch(app.handlers, item!.action!.channel, item!.action!.request)).toEqual({
      ok: true,
      value: null,
    });
    await until(() => app.getSnapshot().timers.some((t) => t.projectName === 'Website'), "Work's own timers");
    expect(app.getSnapshot().otherAccountTimers).toEqual([]);

    // Back on the local account; Work's service goes away: its line goes, with no notice and the local account online.
    expect(await call(app, 'setDefaultAccount', { accountId: 'local' })).toMatchObject({ ok: true });
    await app.refreshOtherTimers();
    expect(app.getSnapshot().otherAccountTimers).toHaveLength(1);
    await api.pauseTimer(project.id);
    await app.refreshOtherTimers();
    expect(app.getSnapshot().otherAccountTimers).toEqual([]);
    await api.startTimer(project.id);
    await app.refreshOtherTimers();
    expect(app.getSnapshot().otherAccountTimers).toHaveLength(1);
    await work.close();
    await app.refreshOtherTimers();
    expect(app.getSnapshot().otherAccountTimers).toEqual([]);
    expect(app.getSnapshot().notices).toEqual([]);
    expect(app.getSnapshot().online).toBe(true);
    work = await remote.reopen();
  });

  it("raises no working-hours reminder while another account's timer runs, and raises it once none runs", async () => {
    await outsideMidnight();
    const app = await open(folder(), createSessionSecrets());
    expect(await call(app, 'updateSettings', { reminder: { enabled: true, ...ALL_DAY } })).toMatchObject({ ok: true });
    // The local account runs no timer: within the hours, the reminder is up.
    await until(() => app.getSnapshot().reminder !== null, 'the reminder');

    // Work's timer runs (the web, another computer): time is being tracked, so no reminder.
    const added = await call(app, 'addAccountWithToken', { baseUrl: work.url, token: WORK_TOKEN, label: 'Work' });
    expect(added).toMatchObject({ ok: true });
    const api = createServiceApi({
      baseUrl: work.url,
      credentials: { kind: 'personal', token: WORK_TOKEN },
      rateLimit: 0,
    });
    const project = await api.createProject({ name: uniqueId('Reminded') });
    await api.startTimer(project.id);
    await app.refreshOtherTimers();
    expect(app.getSnapshot().otherAccountTimers.map((t) => t.state)).toContain('running');
    expect(app.getSnapshot().reminder).toBeNull();

    // Stopped there: no timer runs anywhere, and the reminder is back.
    await api.pauseTimer(project.id);
    await app.refreshOtherTimers();
    await until(() => app.getSnapshot().reminder !== null, 'the reminder again');
  });

  it('shows the waiting browser sign-in its address (no secret in it, a fresh PKCE S256 challenge), and Cancel answers the sign-in and frees the port', async () => {
    const port = Number(new URL(await closedPortUrl()).port);
    const opened: string[] = [];
    const dataDir = folder();
    const app = await openStintApp({
      dataDir,
      secrets: createSessionSecrets(),
      oauthPort: port,
      remote: { rateLimit: 0 },
      openExternal: (url) => void opened.push(url),
    });
    try {
      expect(app.getSnapshot().signIn).toBeNull();
      const clientSecret = uniqueId('client-secret');
      const signIn = dispatch(app.handlers, 'beginSignIn', {
        baseUrl: work.url,
        clientId: 'stint-client',
        clientSecret,
      }) as Promise<Result<unknown>>;
      await until(() => app.getSnapshot().signIn !== null, 'the sign-in address');
      const { url } = app.getSnapshot().signIn!;
      expect(url).toBe(opened[0]);
      expect(new URL(url).searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/oauth/callback`);
      expect(url).not.toContain(clientSecret);
      // RFC 8252 §6: PKCE S256, the challenge a base64url SHA-256 (43 characters); its verifier
      // stays in main, so the address (shown to the window) carries no code_verifier.
      const query = new URL(url).searchParams;
      expect(query.get('code_challenge_method')).toBe('S256');
      expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(query.has('code_verifier')).toBe(false);

      expect(await dispatch(app.handlers, 'cancelSignIn', {})).toEqual({ ok: true, value: null });
      expect(await signIn).toEqual({
        ok: false,
        error: { code: 'rejected', message: expect.stringContaining('You cancelled the sign-in') },
      });
      expect(app.getSnapshot().signIn).toBeNull();
      // The registered port is free again: another listener can bind it.
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
      // Nothing was added, nothing switched.
      expect(app.getSnapshot().accounts.map((a) => a.id)).toEqual(['local']);
    } finally {
      await app.stop();
    }
  });
});

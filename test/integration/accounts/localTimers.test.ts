// The local account's running timer while another account is open (accounts/localTimers.ts),
// against the embedded service and a second local service playing a remote account: shown on the
// remote account at once when the user switches there, and still after a restart that opens the
// remote account first, from the local account's last read on disk, with no request to anyone.

import { describe, expect, it } from 'vitest';
import type { RunningService } from '../../../service';
import { createSessionSecrets } from '../../../platform/keychain';
import { uniqueId } from '../../support/names';
import { until } from '../../support/offline';
import { appsPerTest, call, remoteForFile } from './apps';

let work: RunningService;
const WORK_TOKEN = uniqueId('work');
remoteForFile(WORK_TOKEN, (started) => (work = started));

const { open, folder } = appsPerTest();

describe("the local account's timers on another account", () => {
  it('shows a timer left running on this computer while Work is open, and again after a restart on Work', async () => {
    const dataDir = folder();
    const secrets = createSessionSecrets();
    const app = await open(dataDir, secrets);
    await call(app, 'renameAccount', { accountId: 'local', label: 'Home' });
    expect(await call(app, 'createProject', { name: 'Garden' })).toMatchObject({ ok: true });
    const garden = () => app.getSnapshot().projects.find((p) => p.name === 'Garden' && p.id > 0);
    await until(() => garden() !== undefined, 'the project made');
    expect(await call(app, 'startTimer', { projectId: garden()!.id })).toMatchObject({ ok: true });
    await until(
      () => app.getSnapshot().timers.some((t) => t.state === 'running' && t.status.state === 'sent'),
      'the timer started',
    );
    const added = await call(app, 'addAccountWithToken', { baseUrl: work.url, token: WORK_TOKEN, label: 'Work' });
    const workId: string = added.ok ? added.value.accountId : '';

    expect(await call(app, 'setDefaultAccount', { accountId: workId })).toEqual({ ok: true, value: null });
    const shown = app.getSnapshot().otherAccountTimers;
    expect(shown).toEqual([
      expect.objectContaining({ accountId: 'local', accountLabel: 'Home', projectName: 'Garden', state: 'running' }),
    ]);
    await app.stop();

    const again = await open(dataDir, secrets);
    expect(again.getSnapshot().account.id).toBe(workId);
    expect(again.getSnapshot().otherAccountTimers).toEqual([
      expect.objectContaining({ accountId: 'local', projectName: 'Garden', state: 'running', asOf: shown[0]!.asOf }),
    ]);
    // Back on this computer, its timer is its own again.
    expect(await call(again, 'setDefaultAccount', { accountId: 'local' })).toEqual({ ok: true, value: null });
    expect(again.getSnapshot().otherAccountTimers.filter((t) => t.accountId === 'local')).toEqual([]);
  });
});

// The app as the shell holds it (accounts/stintApp.ts) over two real cores, the service out of
// reach for both (the real client on a closed port): a data call goes through the one forward to
// whichever core is open when it comes, so after the user switches accounts (setDefaultAccount,
// the account handlers the app uses) it reaches the new account and never the one left.
import { createWords } from '../../../../common/i18n/words';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channels } from '../../../../common/contract';
import { ok } from '../../../../common/result';
import type { Snapshot } from '../../../../common/snapshot';
import { createAccountHandlers } from '../../../../main/core/accounts/handlers';
import { holdOpenCore, type OpenAccount } from '../../../../main/core/accounts/openCore';
import type { Registry } from '../../../../main/core/accounts/registry';
import { forwardedToOpenCore, presentApp, type StintApp } from '../../../../main/core/accounts/stintApp';
import { createCore } from '../../../../main/core/core';
import { createSessionSecrets } from '../../../../platform/keychain';
import type { Core } from '../../../../main/core/types';
import { fakeClock } from '../../../support/clock';
import { unreachableApi } from '../../../support/offline';
import { must } from '../../../support/result';
import { tempDir } from '../../../support/tempDir';

const WORK = 'r-0123456789ab';

let dir: ReturnType<typeof tempDir>;
let cores: Core[];
let local: OpenAccount;
let work: OpenAccount;
let app: StintApp;

async function openCore(name: string, account: Snapshot['account']): Promise<OpenAccount> {
  const dataDir = join(dir.path, name);
  mkdirSync(dataDir);
  const core = await createCore({ api: await unreachableApi(), dataDir, account, clock: fakeClock() });
  cores.push(core);
  // The test stops both cores itself: the one left keeps running, so a call sent there would show.
  return { id: account.id, core, close: async () => {} };
}

beforeEach(async () => {
  dir = tempDir();
  cores = [];
  local = await openCore('local', { id: 'local', label: 'On this computer', kind: 'local' });
  work = await openCore('work', { id: WORK, label: 'Work', kind: 'remote' });
  let registry: Registry = {
    version: 1,
    defaultAccountId: 'local',
    accounts: [
      { id: WORK, label: 'Work', kind: 'remote', baseUrl: 'http://127.0.0.1:9', email: null, auth: 'personal' },
    ],
  };
  const byId = new Map([local, work].map((a) => [a.id, a]));
  const open = holdOpenCore(local, () => ({
    accounts: [],
    otherAccountTimers: [],
    signIn: null,
    shortcuts: { refused: [], toggleCommand: null },
  }));
  const accounts = createAccountHandlers({
    dataDir: dir.path,
    secrets: createSessionSecrets(),
    registry: () => registry,
    openId: () => open.current().id,
    save: (next) => {
      registry = next;
    },
    // As the app switches (app.ts accountUser): one change at a time, the new core swapped in.
    use: (id) =>
      open.serial(async () => {
        await open.swapTo(byId.get(id)!);
        registry = { ...registry, defaultAccountId: id };
        return ok(null);
      }),
    signedIn() {},
    forget() {},
    signInWaiting() {},
    signIn: { port: 0, timeoutMs: 60_000, openExternal: undefined },
  });
  app = presentApp({
    open,
    accounts,
    otherTimers: { refresh: async () => {}, stop() {} },
    registry: () => registry,
    secretsDescription: 'this session only',
    dataDir: dir.path,
    now: () => Date.now(),
  });
});

afterEach(async () => {
  await app.stop();
  for (const core of cores) await core.stop();
  dir.remove();
});

const projects = (core: Core) => core.getSnapshot().projects.map((p) => p.name);

describe('the app presented to the shell', () => {
  it('sends a data call to the account open now: after a switch, the new one and never the one left', async () => {
    const seen: Snapshot[] = [];
    app.subscribe((s) => seen.push(s));
    await must(app.handlers.createProject({ name: 'Before the switch' }));
    expect(projects(local.core)).toEqual(['Before the switch']);

    await must(app.handlers.setDefaultAccount({ accountId: WORK }));
    await must(app.handlers.createProject({ name: 'After the switch' }));

    expect(projects(work.core)).toEqual(['After the switch']);
    expect(projects(local.core)).toEqual(['Before the switch']);
    const shown = await must(app.handlers.getSnapshot({}));
    expect([shown.account.id, shown.projects.map((p) => p.name)]).toEqual([WORK, ['After the switch']]);
    // The subscription made before the switch follows the new core.
    expect(seen.at(-1)?.projects.map((p) => p.name)).toEqual(['After the switch']);
    // One snapshot until something changes: a subscriber may keep it and compare.
    expect(app.getSnapshot()).toBe(app.getSnapshot());
  });

  it('lets a call made while the switch is under way wait for it, and sends it to the new account', async () => {
    const switching = app.handlers.setDefaultAccount({ accountId: WORK });
    const created = app.handlers.createProject({ name: 'During the switch' });
    await must(switching);
    await must(created);
    expect(projects(work.core)).toEqual(['During the switch']);
    expect(projects(local.core)).toEqual([]);
    expect(app.getSnapshot().account.id).toBe(WORK);
  });

  it("forwards every data channel of the contract to the open core, and none of the app's account or app channels", () => {
    const open = { current: () => local, settled: async () => {} };
    const forwarded = Object.keys(forwardedToOpenCore(open)).sort();
    const accountChannels = [
      'addAccountWithToken',
      'beginSignIn',
      'cancelSignIn',
      'renameAccount',
      'setDefaultAccount',
      'signOut',
    ];
    const appChannels = ['getCatalog'];
    expect(forwarded).toEqual(channels.filter((c) => !accountChannels.includes(c) && !appChannels.includes(c)).sort());
    // The core answers exactly these: the forwards are the core's own channels.
    expect(forwarded).toEqual(Object.keys(local.core.handlers).sort());
    expect(Object.keys(app.handlers).sort()).toEqual([...channels].sort());
  });

  it("hands the window the language's catalog it asks for, whichever account is open", async () => {
    const answer = await app.handlers.getCatalog({ locale: 'de' });
    if (!answer.ok) throw new Error(answer.error.message);
    // Already parsed, so the window's bundle needs no ICU parser: a syntax tree, not source.
    expect(typeof answer.value['window-update.restart']).not.toBe('string');
    expect(createWords('de', answer.value).t('window-update.restart')).toBe('Neu starten und aktualisieren');
  });
});

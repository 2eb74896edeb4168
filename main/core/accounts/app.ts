// The app layer: the accounts the user connected, one core open at a time (the default account's,
// or the embedded local one when the default cannot be opened), shown to the shell, the web host
// and the command line as one StintApp (stintApp.ts). Everything they hold (handlers,
// subscriptions, lifecycle events) goes to the app, which passes it to whichever core is open, so
// a window subscribed once keeps working when the default account changes. The snapshot is the
// open core's with the list of accounts laid over it (appSnapshot.ts).
//
// Accounts that are not open do nothing: their outbox stays on disk and is sent when they are
// opened again. Secrets live in the keychain; where none answers, in this session's memory, said
// in every account's view (personal-token-per-session mode).

import { fail, ok, type Result } from '../../../common/result';
import type { AccountView } from '../../../common/snapshot';
import type { ConnectionOptions } from '../../api/options';
import { sharedConnection } from '../../api/serviceLimiters';
import { lockDataFolder, type DataFolderLock } from './dataFolderLock';
import { LOCAL_ACCOUNT, openEmbeddedAccount } from '../embedded/embeddedAccount';
import {
  createKeychain,
  createSessionSecrets,
  KeychainUnavailableError,
  type SecretStore,
} from '../../../platform/keychain';
import { openCalendars, type Calendars } from '../calendars/calendars';
import { openSettingsStore } from '../settings/file';
import { localePart } from '../views/deriveSnapshot';
import { systemLanguages } from '../../../platform/systemLanguages';
import type { SettingsStore } from '../settings/store';
import type { ApplyHotkeys } from '../settings/update';
import { systemClock, type Clock } from '../types';
import type { AccountsPart } from './appSnapshot';
import { applyAppShortcuts, shortcutsPart, type AppShortcuts } from './shortcutsPart';
import { createAccountHandlers } from './handlers';
import { holdOpenCore, type OpenAccount, type OpenCore } from './openCore';
import { OAUTH_LOOPBACK_PORT } from './loopback';
import { presentApp, type StintApp } from './stintApp';
import { readRegistry, writeRegistry, type Registry } from './registry';
import { watchOtherTimers } from './otherTimers';
import { localAccountTimers } from './localTimers';
import { openRemoteAccount, remoteCredentials } from './remote';
import { accountViews, missingCredential, UNAUTHORIZED, type AccountStatus } from './views';
import { makePrivateDir, tightenTree } from '../../../platform/privateFiles';

/** How long a browser sign-in may take before Stint stops listening for it. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface StintAppOptions {
  /** The app's data folder (Electron's userData, or the web host's). */
  dataDir: string;
  /** Where secrets go; default the OS keychain. When it does not answer, the app keeps them in memory for this session and says so. */
  secrets?: SecretStore;
  /** Start in the personal-token-per-session mode without asking the keychain. */
  sessionOnly?: boolean;
  clock?: Clock;
  /** The embedded service's port; default a free one. */
  localPort?: number;
  /** Opens an http(s) URL in the system browser (the shell's shell.openExternal); without it, browser sign-in is refused. */
  openExternal?: (url: string) => Promise<void> | void;
  /** The loopback port OAuth redirects to: the one registered with the service (default OAUTH_LOOPBACK_PORT). */
  oauthPort?: number;
  signInTimeoutMs?: number;
  /** Connection options of remote accounts' clients (tests lift the rate limit); the app adds one limiter per service, shared by all of them. */
  remote?: ConnectionOptions;
  /** The app's settings, shared by every account's core; default settings.json in dataDir. */
  settings?: SettingsStore;
  /** Registers changed global shortcuts with the OS (the shell's). */
  applyHotkeys?: ApplyHotkeys;
  /** The web host runs the app (web/cli.ts): the snapshot says so (Snapshot.webHost). */
  webHost?: boolean;
  /** What the OS holds of them, and the command a desktop's own shortcut runs instead (Snapshot.shortcuts). */
  shortcuts?: AppShortcuts;
  /** How often the other accounts' timers are read besides when the window is shown; default OTHER_TIMERS_POLL_MS. */
  otherTimersPollMs?: number;
  /** Where the window's CSV exports go (Electron's Downloads, the web host's ~/Downloads). */
  downloadsDir?: string;
  /**
   * The system's preferred languages, in order (Electron's app.getPreferredSystemLanguages());
   * default the process's (platform/systemLanguages.ts). StintApp.setSystemLanguages changes them.
   */
  systemLanguages?: readonly string[];
}

export type { StintApp } from './stintApp';

/**
 * Opens the app on its data folder. The folder is taken first (dataFolderLock.ts) and held until
 * stop(): while another app holds it this throws DataFolderInUseError having opened, renamed,
 * registered and written nothing there.
 */
export async function openStintApp(options: StintAppOptions): Promise<StintApp> {
  return openStintAppHolding(await lockDataFolder(options.dataDir), options);
}

/**
 * Opens the app on a data folder this process has already taken (the shell takes it before it
 * draws the tray, so that a refused second start shows no tray); releases the lock at stop(), or
 * at once when the app cannot open.
 */
export async function openStintAppHolding(lock: DataFolderLock, options: StintAppOptions): Promise<StintApp> {
  try {
    const app = await openUnderLock(options);
    return { ...app, stop: () => app.stop().finally(() => lock.release()) };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function openUnderLock(given: StintAppOptions): Promise<StintApp> {
  // Everything in the data folder is this user's alone, whatever an earlier version left.
  makePrivateDir(given.dataDir);
  tightenTree(given.dataDir);
  // One settings store for the app: settings are the user's, whichever account is open.
  const options = { ...given, settings: given.settings ?? openSettingsStore(given.dataDir) };
  const choice = await chooseSecrets(options);
  try {
    return await openWith(options, choice);
  } catch (error) {
    // The probe passed but the keychain failed on first real use (some backends answer a read of
    // a missing item without asking anyone): the same fallback, decided before anything was kept.
    if (choice.sessionOnly || !(error instanceof KeychainUnavailableError)) throw error;
    return openWith(options, sessionSecrets(error.message));
  }
}

type OptionsWithSettings = StintAppOptions & { settings: SettingsStore };

type SecretsChoice = { secrets: SecretStore; sessionOnly: boolean; keychainProblem: string | null };

const sessionSecrets = (problem: string): SecretsChoice => ({
  secrets: createSessionSecrets(),
  sessionOnly: true,
  keychainProblem: problem,
});

async function openWith(options: OptionsWithSettings, choice: SecretsChoice): Promise<StintApp> {
  const { dataDir } = options;
  const { secrets, sessionOnly, keychainProblem } = choice;
  // Every client this app makes for remote services (each account's, their token refreshes, the
  // tries of a token, sign-ins and sign-outs) takes one limiter per service: it counts per IP.
  const connection = sharedConnection(options.remote);
  let registry = readRegistry(dataDir);
  const statuses = await statusesAtStart(registry, choice, connection);
  let open: OpenCore | null = null;
  /** The authorize page a browser sign-in waits on (Snapshot.signIn). */
  let signInUrl: string | null = null;

  const setStatus = statusSetter(statuses, () => open?.publish());
  // The user's calendars are the app's, as the settings are: every account's core shows them.
  const calendars = openCalendars({ dataDir, secrets, ...(options.clock ? { clock: options.clock } : {}) });
  const openAccount = accountOpener({ options, choice, connection, registry: () => registry, setStatus, calendars });

  const first = (await openAccount(registry.defaultAccountId)) ?? (await openAccount(LOCAL_ACCOUNT.id))!;
  const localTimers = localAccountTimers(dataDir);
  // The language is the app's, as the settings are: each core's snapshot gets the app's system languages.
  const languages = heldLanguages(options.systemLanguages ?? systemLanguages(), () => open?.publish());
  const overOpen = (current: OpenAccount) => ({
    ...accountsPart(current, { registry, sessionOnly, keychainProblem, statuses, otherTimers, localTimers, signInUrl }),
    ...appWidePart(options, languages.get()),
  });
  const otherTimers = watchOtherTimers({
    accounts: () => registry.accounts,
    openId: () => open?.current().id ?? registry.defaultAccountId,
    usable: (id) => !statuses.has(id),
    credentials: (account) => remoteCredentials(account, secrets, connection),
    connection,
    now: () => (options.clock ?? systemClock).now(),
    changed: () => open?.publish(),
    ...(options.otherTimersPollMs ? { pollMs: options.otherTimersPollMs } : {}),
  });
  const core = holdOpenCore(first, overOpen);
  open = core;
  void otherTimers.refresh();

  const saveRegistry = (next: Registry) => {
    writeRegistry(dataDir, next);
    registry = next;
    core.publish();
  };

  const users = { core, openAccount, statuses, otherTimers, localTimers, saveRegistry };
  const use = accountUser({ ...users, registry: () => registry });

  const accounts = createAccountHandlers({
    dataDir,
    secrets,
    registry: () => registry,
    openId: () => core.current().id,
    save: saveRegistry,
    use,
    // A new account's running timer shows at the next look (the window shown) or poll: reading it
    // here would queue behind the try of its token on the service's limiter for little gain.
    signedIn: (id) => setStatus(id, null),
    forget: (id) => setStatus(id, null),
    signInWaiting: (url) => {
      signInUrl = url;
      core.publish();
    },
    connection,
    signIn: signInOptions(options),
  });

  const app = presentApp({
    open: core,
    accounts,
    otherTimers,
    registry: () => registry,
    secretsDescription: secrets.description,
    dataDir,
    now: () => (options.clock ?? systemClock).now(),
    applyShortcuts: () => applyAppShortcuts(options.settings, options.applyHotkeys, () => core.publish()),
    setSystemLanguages: languages.set,
  });
  return { ...app, stop: () => stopCalendarsFirst(calendars, app) };
}

/** What the app lays over every account's snapshot alike: the web host, the shortcuts, the language. */
function appWidePart(options: OptionsWithSettings, languages: readonly string[]) {
  return {
    ...(options.webHost ? { webHost: true as const } : {}),
    shortcuts: shortcutsPart(options.settings, options.shortcuts),
    ...localePart(options.settings.get(), languages),
  };
}

/** The system's languages the app's snapshot resolves Settings' 'system' with; a change publishes. */
function heldLanguages(initial: readonly string[], publish: () => void) {
  let languages = [...initial];
  return {
    get: () => languages,
    set(next: readonly string[]) {
      if (next.length === 0 || next.join() === languages.join()) return;
      languages = [...next];
      publish();
    },
  };
}

/** Sets (or, with null, clears) an account's status, publishing the snapshot only when it changed. */
function statusSetter(statuses: Map<string, AccountStatus>, publish: () => void) {
  return (id: string, status: AccountStatus | null) => {
    const before = statuses.get(id);
    if (status === null ? !before : before?.state === status.state && before.problem === status.problem) return;
    if (status === null) statuses.delete(id);
    else statuses.set(id, status);
    publish();
  };
}

/** The calendars' reads stop with the app. */
function stopCalendarsFirst(calendars: Calendars, app: StintApp): Promise<void> {
  calendars.stop();
  return app.stop();
}

/**
 * What is known at start: remote accounts without a credential here are signed out (or, with no
 * keychain, waiting for this session's token).
 */
async function statusesAtStart(
  registry: Registry,
  { secrets, sessionOnly, keychainProblem }: SecretsChoice,
  connection: ReturnType<typeof sharedConnection>,
): Promise<Map<string, AccountStatus>> {
  const statuses = new Map<string, AccountStatus>();
  for (const account of registry.accounts) {
    if (!(await remoteCredentials(account, secrets, connection)))
      statuses.set(account.id, missingCredential(sessionOnly, keychainProblem));
  }
  return statuses;
}

interface SnapshotParts {
  registry: Registry;
  sessionOnly: boolean;
  keychainProblem: string | null;
  statuses: Map<string, AccountStatus>;
  otherTimers: OtherTimers;
  localTimers: LocalTimers;
  signInUrl: string | null;
}

/** What the app lays over the open core's snapshot: the list of accounts, the other accounts' timers and a waiting sign-in. */
function accountsPart(current: OpenAccount, parts: SnapshotParts): Omit<AccountsPart, 'shortcuts'> {
  const { registry, sessionOnly, keychainProblem, statuses, otherTimers, localTimers, signInUrl } = parts;
  const accounts: AccountView[] = accountViews({
    registry,
    openId: current.id,
    sessionOnly,
    keychainProblem,
    statuses,
  });
  // The open account under the name it has now: a core keeps the one it was opened with.
  const open = accounts.find((a) => a.id === current.id);
  // The local account's, kept from when it was left (localTimers.ts), while another is open.
  const local = current.id === LOCAL_ACCOUNT.id ? [] : localTimers.running(accounts[0]!.label);
  const otherAccountTimers = [...local, ...otherTimers.list().filter((t) => t.accountId !== current.id)];
  return {
    ...(open ? { account: { id: open.id, label: open.label, kind: open.kind } } : {}),
    accounts,
    otherAccountTimers,
    signIn: signInUrl === null ? null : { url: signInUrl },
    // The working-hours reminder is about any timer running, on whichever account.
    ...(otherAccountTimers.some((t) => t.state === 'running') ? { reminder: null } : {}),
  };
}

type OtherTimers = ReturnType<typeof watchOtherTimers>;
type LocalTimers = ReturnType<typeof localAccountTimers>;

interface UserDeps {
  core: OpenCore;
  openAccount: ReturnType<typeof accountOpener>;
  statuses: Map<string, AccountStatus>;
  otherTimers: OtherTimers;
  localTimers: LocalTimers;
  registry: () => Registry;
  saveRegistry: (next: Registry) => void;
}

/** Makes an account the open one and the default (AccountDeps.use). */
function accountUser({ core, openAccount, statuses, otherTimers, localTimers, registry, saveRegistry }: UserDeps) {
  return (id: string, { reopen = false } = {}): Promise<Result<null>> =>
    core.serial(async () => {
      if (core.stopped()) return fail('internal', 'Stint is shutting down.');
      if (core.current().id !== id || reopen) {
        // The new core opens before the old one closes: a failure leaves the user where they were.
        const next = await openAccount(id);
        if (!next) return fail('rejected', statuses.get(id)?.problem ?? 'That account cannot be opened.', 'accountId');
        const left = core.current();
        if (left.id === LOCAL_ACCOUNT.id) localTimers.left(left.core.getSnapshot().timers);
        await core.swapTo(next);
        // The account left is now an other one: its running timer shows at once, not in 5 minutes.
        void otherTimers.refresh();
      }
      if (registry().defaultAccountId !== id) saveRegistry({ ...registry(), defaultAccountId: id });
      return ok(null);
    });
}

function signInOptions(options: StintAppOptions) {
  return {
    port: options.oauthPort ?? OAUTH_LOOPBACK_PORT,
    timeoutMs: options.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
    openExternal: options.openExternal,
  };
}

interface OpenerDeps {
  options: StintAppOptions;
  choice: SecretsChoice;
  connection: ReturnType<typeof sharedConnection>;
  registry(): Registry;
  setStatus(id: string, status: AccountStatus | null): void;
  calendars: Calendars;
}

/** Opens one account's core: the embedded local one, or a remote one with its credential here (else null). */
function accountOpener({ options, choice, connection, registry, setStatus, calendars }: OpenerDeps) {
  const { dataDir } = options;
  const { secrets, sessionOnly, keychainProblem } = choice;
  // One settings store for the app: settings are the user's, whichever account is open.
  const shared = {
    settings: options.settings ?? openSettingsStore(dataDir),
    ...(options.applyHotkeys ? { applyHotkeys: options.applyHotkeys } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.downloadsDir ? { downloadsDir: options.downloadsDir } : {}),
    calendars,
  };
  return async (id: string): Promise<OpenAccount | null> => {
    if (id === LOCAL_ACCOUNT.id) {
      const embedded = await openEmbeddedAccount({
        dataDir,
        secrets,
        ...shared,
        ...(options.localPort ? { port: options.localPort } : {}),
      });
      return { id, core: embedded.core, close: () => embedded.close() };
    }
    const account = registry().accounts.find((a) => a.id === id);
    if (!account) return null;
    const core = await openRemoteAccount({
      account,
      secrets,
      dataDir,
      core: shared,
      connection,
      onAuth: (state) => setStatus(id, state === 'ok' ? null : UNAUTHORIZED),
      // Without a keychain the account is kept open on what it last read until a token is pasted.
      withoutCredential: sessionOnly,
    });
    if (!core) {
      setStatus(id, missingCredential(sessionOnly, keychainProblem));
      return null;
    }
    return { id, core, close: () => core.stop() };
  };
}

/** An account name no account has: the probe's item never exists. */
const KEYCHAIN_PROBE = 'stint-keychain-probe';

/** The keychain when it answers; otherwise this session's memory, with the reason kept to show. */
async function chooseSecrets(options: StintAppOptions): Promise<SecretsChoice> {
  if (options.sessionOnly) return sessionSecrets('Stint was started with secrets kept in memory only.');
  const keychain = options.secrets ?? createKeychain();
  try {
    // Deleting an item that never exists reaches the keychain and changes nothing.
    await keychain.delete(KEYCHAIN_PROBE, 'personal-token');
    return { secrets: keychain, sessionOnly: false, keychainProblem: null };
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError)) throw error;
    return sessionSecrets(error.message);
  }
}

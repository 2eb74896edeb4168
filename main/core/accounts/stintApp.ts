// What the shell, the web host and the command line's socket hold: the app, one StintApp whichever
// account is open. Its handlers are the open core's data channels, each reached through one
// forward that looks the channel up on the core open when the call comes, plus the app's own
// account channels; its snapshot is the open core's with the accounts' part laid over it
// (appSnapshot.ts). Subscriptions and lifecycle events are the app's, passed to whichever core is
// open (openCore.ts), so a window subscribed once keeps working when the default account changes.

// The names alone (common/channels.ts), not the contract's schemas: this file takes no zod at run time.
import { channels } from '../../../common/channels';
import type { Handlers, RequestOf, ResponseOf } from '../../../common/contract';
import { ok, type Result } from '../../../common/result';
import type { RegistrationOutcome } from '../desktop/commands';
import type { AccountChannel, AppChannel, Core, CoreHandlers } from '../types';
import { appActivityHandlers } from './activity';
import type { AccountHandlers } from './handlers';
import type { OpenCore } from './openCore';
import type { Registry } from './registry';
import { windowCatalog } from '../../../platform/catalogFiles';

/**
 * Core's face (types.ts), held for whichever account is open: every member a core has, with the
 * app's meaning (the snapshot with the accounts laid over it, subscriptions and notices across
 * changes of account, whenIdle after a change in progress), plus what only the app has.
 */
export interface StintApp extends Omit<Core, 'handlers'> {
  /** Every channel of the contract: the open core's data channels and the app's account channels. */
  readonly handlers: Handlers;
  /** The registry as it is now (tests, diagnostics). */
  registry(): Registry;
  /** Where secrets are kept, in words. */
  readonly secretsDescription: string;
  /** Reads the other accounts' running timers now; resolves when the snapshot has them. */
  refreshOtherTimers(): Promise<void>;
  /** Registers the settings' global shortcuts with the OS (the shell, once open); says how each went. */
  applyShortcuts(): RegistrationOutcome[];
  /**
   * The system's preferred languages changed, or a web host's page said its own
   * (navigator.languages): Snapshot.locale follows where Settings › Language is 'system'.
   */
  setSystemLanguages(languages: readonly string[]): void;
}

/** A data channel: one a core answers (calls/handlers.ts), every channel but the app's account ones. */
type CoreChannel = keyof CoreHandlers;

/** The app's account channels (accounts/handlers.ts): the compiler holds this to AccountChannel, each once. */
const ACCOUNT_CHANNELS = {
  addAccountWithToken: true,
  beginSignIn: true,
  cancelSignIn: true,
  signOut: true,
  setDefaultAccount: true,
  renameAccount: true,
} as const satisfies Record<AccountChannel, true>;

/** The channels the app itself answers, for every account alike (calls/handlers.ts AppChannel). */
const APP_CHANNELS = { getCatalog: true } as const satisfies Record<AppChannel, true>;

const CORE_CHANNELS = channels.filter(
  (c): c is CoreChannel => !Object.hasOwn(ACCOUNT_CHANNELS, c) && !Object.hasOwn(APP_CHANNELS, c),
);

/** A channel's handler as the contract has it (common/contract.ts Handlers): its request in, its answer out. */
type Handler<C extends CoreChannel> = (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;

/** A handler for each of the channels K: the mapped type the forwards are built as, checked channel by channel. */
type HandlersOf<K extends CoreChannel> = { [C in K]: Handler<C> };

/** The channels a core answers, each passed to whichever core is open, after a change of accounts in progress. */
export function forwardedToOpenCore(open: Pick<OpenCore, 'current' | 'settled'>): CoreHandlers {
  // One forward per channel, typed by it: the request and the answer are the contract's for that channel.
  const forward =
    <C extends CoreChannel>(channel: C): Handler<C> =>
    async (request) => {
      await open.settled();
      const handler: Handler<C> = open.current().core.handlers[channel];
      return handler(request);
    };
  return eachChannel(CORE_CHANNELS, forward) satisfies CoreHandlers;
}

/**
 * A handler for each of `keys`, made by `make`. The one assertion is the loop's: every key of the
 * list was given its own handler, which the compiler cannot follow through a loop.
 */
function eachChannel<K extends CoreChannel>(
  keys: readonly K[],
  make: <C extends K>(channel: C) => Handler<C>,
): HandlersOf<K> {
  const made: Partial<HandlersOf<K>> = {};
  const put = <C extends K>(channel: C) => {
    made[channel] = make(channel);
  };
  for (const key of keys) put(key);
  return made as HandlersOf<K>;
}

export interface AppParts {
  open: OpenCore;
  accounts: { handlers: AccountHandlers; stop(): Promise<void> };
  otherTimers: { refresh(): Promise<void>; stop(): void };
  registry(): Registry;
  secretsDescription: string;
  /** The app's data folder (the Activity view reads the accounts not open from their journals there). */
  dataDir: string;
  now(): number;
  /** StintApp.applyShortcuts; none where nothing registers shortcuts. */
  applyShortcuts?(): RegistrationOutcome[];
  /** StintApp.setSystemLanguages; none where the languages are fixed (tests). */
  setSystemLanguages?(languages: readonly string[]): void;
}

/** The app as the shell sees it: the open core's data channels and snapshot, the accounts laid over them. */
export function presentApp(parts: AppParts): StintApp {
  const { open, accounts, otherTimers } = parts;
  const current = () => open.current().core;
  const data = forwardedToOpenCore(open);
  const activity = appActivityHandlers({
    dataDir: parts.dataDir,
    accounts: () => open.snapshot.get().accounts,
    open: data,
    now: parts.now,
  });
  return {
    handlers: {
      ...data,
      ...accounts.handlers,
      ...activity,
      getSnapshot: async () => ok(open.snapshot.get()),
      getCatalog: async ({ locale }) => ok(windowCatalog(locale)),
    } satisfies Handlers,
    getSnapshot: open.snapshot.get,
    subscribe: open.snapshot.subscribe,
    notify(event) {
      open.notify(event);
      // Someone looks: worth knowing what runs elsewhere.
      if (event === 'window-shown') void otherTimers.refresh();
    },
    setBroadcastsLive: (live) => current().setBroadcastsLive(live),
    async whenIdle() {
      await open.settled();
      await current().whenIdle();
    },
    describeSync: () => current().describeSync(),
    async exportCsv(range, out, progress) {
      await open.settled();
      return current().exportCsv(range, out, progress);
    },
    stop: () =>
      open.stop(() => {
        otherTimers.stop();
        return accounts.stop();
      }),
    refreshOtherTimers: () => otherTimers.refresh(),
    applyShortcuts: () => parts.applyShortcuts?.() ?? [],
    setSystemLanguages: (languages) => parts.setSystemLanguages?.(languages),
    registry: parts.registry,
    secretsDescription: parts.secretsDescription,
  };
}

// One account's core where the whole contract is wanted without the app layer: the web host in
// front of the embedded account (end-to-end tests, benchmarks), the command line's socket, the
// window's dispatch. A core answers the data channels only; the account channels are the app
// layer's (main/core/accounts/), so here they refuse, as an app that cannot add accounts would.
import type { Handlers } from '../../common/contract';
import { fail, ok } from '../../common/result';
import type { StintApp } from '../../main/core/accounts/stintApp';
import { windowCatalog } from '../../platform/catalogFiles';
import type { AccountChannel, Core, CoreHandlers } from '../../main/core/types';

const notHere = async () => fail('internal', 'Accounts are managed by the app, not by one account’s core.');

const accountsRefused: Pick<Handlers, AccountChannel> = {
  addAccountWithToken: notHere,
  beginSignIn: notHere,
  cancelSignIn: notHere,
  signOut: notHere,
  setDefaultAccount: notHere,
  renameAccount: notHere,
};

/** The core's data handlers with the account channels refused, and the words as the app hands them: the contract whole. */
export const withAccountsRefused = (handlers: CoreHandlers): Handlers => ({
  ...handlers,
  ...accountsRefused,
  getCatalog: async ({ locale }) => ok(windowCatalog(locale)),
});

/** The core as the web host and the shell's wiring see an app: its own snapshot, the contract whole. */
export function soleCoreApp(
  core: Core,
): Omit<StintApp, 'registry' | 'secretsDescription' | 'refreshOtherTimers' | 'applyShortcuts' | 'setSystemLanguages'> {
  return { ...core, handlers: withAccountsRefused(core.handlers) };
}

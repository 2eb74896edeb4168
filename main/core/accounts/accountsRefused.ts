// The account channels as a single account's core answers them: accounts are the app layer's
// (accounts/app.ts), so a core used on its own (tests, benchmarks, the crash child) refuses them.
// Kept apart from handlers.ts so core can import it without importing the app layer.

import type { Handlers } from '../../../common/contract';
import { fail } from '../../../common/result';

export type AccountChannel = 'addAccountWithToken' | 'beginSignIn' | 'cancelSignIn' | 'signOut' | 'setDefaultAccount';
export type AccountHandlers = Pick<Handlers, AccountChannel>;

const notHere = async () => fail('internal', 'Accounts are managed by the app, not by one account’s core.');

export const accountsNotHere: AccountHandlers = {
  addAccountWithToken: notHere,
  beginSignIn: notHere,
  cancelSignIn: notHere,
  signOut: notHere,
  setDefaultAccount: notHere,
};

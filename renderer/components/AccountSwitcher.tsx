// The window's header names the open account and, with more than one usable account, switches in
// one choice: a labelled select of the accounts that can be opened (setDefaultAccount). A refusal
// (an account that could not be opened) is said beside it; the window stays on the account it was.

import type { StintBridge } from '../../common/contract';
import type { Snapshot } from '../../common/snapshot';
import { useAction } from '../hooks';
import { t } from '../app/words';
import { ErrorLine } from './ErrorLine';

export function AccountSwitcher({ snapshot, bridge }: { snapshot: Snapshot; bridge: StintBridge }) {
  const action = useAction();
  const open = snapshot.account;
  // One waiting for this session's token opens too, on what it last read (its token is pasted in Settings).
  const choices = snapshot.accounts.filter(
    (a) => a.state === 'ok' || a.state === 'keychain-unavailable' || a.id === open.id,
  );
  // The whole name, cut or not, and whose it is (issue 27 item 13): not the e-mail alone.
  const title = accountTitle(open.label, snapshot.user?.email);
  if (choices.length < 2) {
    return (
      <span class="account" title={title} data-testid="account-name">
        {open.label}
      </span>
    );
  }
  return (
    <span class="account-switcher">
      <select
        aria-label={t('window-accounts.switcher')}
        title={title}
        value={open.id}
        disabled={action.busy}
        data-testid="account-switcher"
        aria-describedby={action.error ? 'account-switch-error' : undefined}
        onChange={(event) => {
          const accountId = event.currentTarget.value;
          if (accountId !== open.id) void action.run(() => bridge.setDefaultAccount({ accountId }));
        }}
      >
        {choices.map((account) => (
          <option key={account.id} value={account.id}>
            {account.label}
          </option>
        ))}
      </select>
      <ErrorLine error={action.error} id="account-switch-error" />
    </span>
  );
}

/** "Acme Corporation · ann@acme.test"; the name alone where the e-mail is not known or is the name. */
export function accountTitle(label: string, email: string | undefined): string {
  return email && email !== label ? `${label} · ${email}` : label;
}

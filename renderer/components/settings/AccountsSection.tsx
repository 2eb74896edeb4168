// The accounts Stint works with. For now the one account core runs on; account management
// (remote services, sign-in) replaces this, keeping its props.

import type { StintBridge } from '../../../common/contract';
import type { Snapshot } from '../../../common/snapshot';

export function AccountsSection({ snapshot }: { snapshot: Snapshot; bridge: StintBridge }) {
  const { account, user } = snapshot;
  return (
    <section class="panel" aria-labelledby="settings-accounts">
      <h2 id="settings-accounts">Accounts</h2>
      <ul class="settings-list">
        <li data-testid="account">
          <span class="settings-account-label">{account.label}</span>{' '}
          <span class="muted">{account.kind === 'local' ? 'Local account' : 'Remote service'}</span>
          {user ? <span class="hint"> · {user.email}</span> : null}
        </li>
      </ul>
    </section>
  );
}

// A remote account that needs a token (none kept without a keychain, signed out, or its token
// refused) takes one pasted in its own row: the token is tried and kept for it (addAccountWithToken
// at its address), and the account, open or not, goes on with it. A refusal is said at the field,
// and what was pasted stays.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { AccountView } from '../../../common/snapshot';
import { useAction } from '../../hooks';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';

export function PasteToken({ account, bridge }: { account: AccountView; bridge: StintBridge }) {
  const [token, setToken] = useState('');
  const action = useAction();
  const errorId = `paste-token-error-${account.id}`;
  const baseUrl = account.baseUrl;
  if (!baseUrl) return null;

  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(() => bridge.addAccountWithToken({ baseUrl, token }));
    if (result?.ok) setToken('');
  };
  return (
    <form class="row" onSubmit={submit} data-testid="paste-token">
      <label class="grow">
        <span class="label">{t('window-accounts.token-for', { account: account.label })}</span>
        <input
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={token}
          aria-invalid={action.error ? 'true' : undefined}
          aria-describedby={action.error ? errorId : undefined}
          onInput={(e) => setToken(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="primary" disabled={action.busy}>
        {t('window-accounts.use-token')}
      </button>
      <ErrorLine error={action.error} id={errorId} />
    </form>
  );
}

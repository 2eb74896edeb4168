// An account's name, changed in place in Settings › Accounts: Rename opens a field with the name as
// it is; Enter saves it (main trims and checks it: main/core/accounts/accountName.ts), Escape or
// Cancel leaves it as it was, and either way the focus goes back to Rename. A refusal is said at
// the field, what was typed staying there to be corrected.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { AccountView } from '../../../common/snapshot';
import { useAction } from '../../hooks';
import { useInlineEdit } from '../../inlineEdit';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';

export function RenameAccount({ account, bridge }: { account: AccountView; bridge: StintBridge }) {
  const { editing, editButton, open, close } = useInlineEdit({ rowStaysWhenSaved: true });
  if (!editing)
    return (
      <button
        type="button"
        ref={editButton}
        aria-label={t('window-accounts.rename-label', { account: account.label })}
        onClick={open}
      >
        {t('window-accounts.rename')}
      </button>
    );
  return <NameForm account={account} bridge={bridge} onClose={close} />;
}

function NameForm({
  account,
  bridge,
  onClose,
}: {
  account: AccountView;
  bridge: StintBridge;
  onClose(saved: boolean): void;
}) {
  const action = useAction();
  const [text, setText] = useState(account.label);
  const input = useRef<HTMLInputElement>(null);
  const errorId = `account-name-error-${account.id}`;
  useEffect(() => {
    input.current?.select();
  }, []);
  const save = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(() => bridge.renameAccount({ accountId: account.id, label: text }));
    if (result?.ok) onClose(true);
  };
  return (
    <form
      class="row rename-account"
      aria-label={t('window-accounts.rename-label', { account: account.label })}
      onSubmit={save}
    >
      <label class="grow">
        <span class="label">{t('window-accounts.account-name')}</span>
        <input
          ref={input}
          value={text}
          maxLength={200}
          autocomplete="off"
          aria-invalid={action.error ? 'true' : undefined}
          aria-describedby={action.error ? errorId : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              onClose(false);
            }
          }}
        />
      </label>
      <button type="submit" class="primary" disabled={action.busy}>
        {t('window-accounts.save')}
      </button>
      <button type="button" onClick={() => onClose(false)}>
        {t('window-accounts.cancel')}
      </button>
      <ErrorLine error={action.error} id={errorId} testId="account-name-error" />
    </form>
  );
}

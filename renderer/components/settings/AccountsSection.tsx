// The accounts Stint works with (main/core/accounts/): each with its state and the one in use
// marked, renamed, made the default or signed out (after a confirmation) in place, and a form to add one.
// An account just added is not put in use silently: the section asks "Use Work now?".
// "In use" is the account the header, the tray and the command line name: the one open. The default
// (the one that opens at start) is the same unless it could not open, and then its row says so,
// with the way to fix it, rather than wear a badge of its own (issue 27 item 16).

import { useEffect, useRef, useState } from 'preact/hooks';
import type { AddedAccount, StintBridge } from '../../../common/contract';
import type { AccountView, Snapshot } from '../../../common/snapshot';
import { useAction } from '../../hooks';
import { byData, focusWhenShown } from '../../focusAfter';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { AddAccountForm } from './AddAccountForm';
import { PasteToken } from './PasteToken';
import { RenameAccount } from './RenameAccount';

const STATE_TEXT: Record<AccountView['state'], string> = {
  ok: 'window-accounts.state-ok',
  'signed-out': 'window-accounts.state-signed-out',
  unauthorized: 'window-accounts.state-unauthorized',
  'keychain-unavailable': 'window-accounts.state-keychain',
};

export function AccountsSection({ snapshot, bridge }: { snapshot: Snapshot; bridge: StintBridge }) {
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState<AddedAccount | null>(null);
  return (
    <section class="panel" aria-labelledby="settings-accounts">
      <h2 id="settings-accounts">{t('window-accounts.title')}</h2>
      <ul class="settings-list">
        {snapshot.accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            email={account.isOpen ? snapshot.user?.email : undefined}
            bridge={bridge}
            onSignedOut={setMessage}
          />
        ))}
      </ul>
      {message && (
        <p class="hint" role="status" data-testid="account-message">
          {message}
        </p>
      )}
      {asking && (
        <UseNowQuestion
          added={asking}
          current={snapshot.account.label}
          bridge={bridge}
          onAnswered={() => {
            setAsking(null);
            // The question leaves: the user goes on from the account just added (issue 27 item 15).
            const row = () => byData('[data-testid="account"]', 'accountId', asking.accountId);
            focusWhenShown(() => row()?.querySelector<HTMLElement>('button'));
          }}
        />
      )}
      <AddAccountForm bridge={bridge} signIn={snapshot.signIn} onAdded={setAsking} />
    </section>
  );
}

function AccountRow({
  account,
  email,
  bridge,
  onSignedOut,
}: {
  account: AccountView;
  email: string | undefined;
  bridge: StintBridge;
  onSignedOut(message: string): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const errorId = `account-error-${account.id}`;

  const makeDefault = () => action.run(() => bridge.setDefaultAccount({ accountId: account.id }));
  const signOut = async () => {
    const result = await action.run(() => bridge.signOut({ accountId: account.id }));
    if (result?.ok) onSignedOut(result.value.message);
    setConfirming(false);
  };

  return (
    <li
      data-testid="account"
      data-account-id={account.id}
      data-state={account.state}
      aria-describedby={action.error ? errorId : undefined}
    >
      <span class="settings-account-label" title={account.label}>
        {account.label}
      </span>
      {/* The local account's label already says where it is ("This computer"). */}
      {account.baseUrl && <span class="muted"> {account.baseUrl}</span>}
      {email ? <span class="hint"> · {email}</span> : null}
      <span class="hint">
        {' '}
        · {t(STATE_TEXT[account.state])}
        {account.isOpen ? ` · ${t('window-accounts.in-use')}` : ''}
      </span>
      <AccountProblem account={account} busy={action.busy} onRetry={makeDefault} />
      {/* Its problem asks for a token: the field is here, not only in the form below. */}
      {account.kind === 'remote' && account.state !== 'ok' && <PasteToken account={account} bridge={bridge} />}
      <div class="row">
        <RenameAccount account={account} bridge={bridge} />
        {!account.isDefault && (
          <button type="button" disabled={action.busy} onClick={makeDefault}>
            {t('window-accounts.make-default')}
          </button>
        )}
        {account.kind === 'remote' && !confirming && (
          <button type="button" disabled={action.busy} onClick={() => setConfirming(true)}>
            {t('window-accounts.sign-out-ask')}
          </button>
        )}
      </div>
      {confirming && (
        // biome-ignore lint/a11y/useSemanticElements: a confirmation row of buttons outside any form, named as a group; a fieldset would bring a form's semantics and its legend
        <div class="row" role="group" aria-label={t('window-accounts.sign-out-of', { account: account.label })}>
          <span class="grow">{t('window-accounts.sign-out-confirm', { account: account.label })}</span>
          <button type="button" class="primary" disabled={action.busy} onClick={signOut}>
            {t('window-accounts.sign-out')}
          </button>
          <button type="button" disabled={action.busy} onClick={() => setConfirming(false)}>
            {t('window-accounts.cancel')}
          </button>
        </div>
      )}
      <ErrorLine error={action.error} id={errorId} />
    </li>
  );
}

/** Why it is not usable; for the default that did not open, that it opens at start and a Try again. */
function AccountProblem({ account, busy, onRetry }: { account: AccountView; busy: boolean; onRetry(): void }) {
  if (!account.isDefault || account.isOpen) {
    return account.problem ? <p class={account.state === 'ok' ? 'hint' : 'error'}>{account.problem}</p> : null;
  }
  return (
    <div class="row">
      <p class="error grow" data-testid="account-not-opened">
        {t('window-accounts.not-opened', {
          reason:
            account.problem ??
            (account.state === 'ok' ? t('window-accounts.could-not-open') : `${t(STATE_TEXT[account.state])}.`),
        })}
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={onRetry}
        aria-label={t('window-accounts.try-again-label', { account: account.label })}
      >
        {t('window-accounts.try-again')}
      </button>
    </div>
  );
}

/** "Use Work now?": only an explicit Switch changes the default; Keep leaves everything as it was. */
function UseNowQuestion({
  added,
  current,
  bridge,
  onAnswered,
}: {
  added: AddedAccount;
  current: string;
  bridge: StintBridge;
  onAnswered(): void;
}) {
  const action = useAction();
  const first = useRef<HTMLButtonElement>(null);
  // Asked where the user is: the focus (and so the view) on its first answer, not off-screen.
  useEffect(() => {
    first.current?.focus();
  }, []);
  const use = async () => {
    const result = await action.run(() => bridge.setDefaultAccount({ accountId: added.accountId }));
    if (result?.ok) onAnswered();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question answered by two buttons outside any form, named as a group; a fieldset would bring a form's semantics and its legend
    <div class="row" role="group" aria-labelledby="use-now-question" data-testid="use-now">
      <span class="grow" id="use-now-question">
        {/* Two sentences, each whole in its language. */}
        {t('window-accounts.added', { account: added.label })} {t('window-accounts.use-now', { account: added.label })}
      </span>
      <button type="button" class="primary" ref={first} disabled={action.busy} onClick={use}>
        {t('window-accounts.switch')}
      </button>
      <button type="button" disabled={action.busy} onClick={onAnswered}>
        {t('window-accounts.keep', { account: current })}
      </button>
      <ErrorLine error={action.error} />
    </div>
  );
}

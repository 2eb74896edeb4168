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
import { ErrorLine } from '../ErrorLine';
import { AddAccountForm } from './AddAccountForm';
import { PasteToken } from './PasteToken';
import { RenameAccount } from './RenameAccount';

const STATE_TEXT: Record<AccountView['state'], string> = {
  ok: 'Signed in',
  'signed-out': 'Signed out',
  unauthorized: 'Token refused',
  'keychain-unavailable': 'Needs a token for this session',
};

export function AccountsSection({ snapshot, bridge }: { snapshot: Snapshot; bridge: StintBridge }) {
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState<AddedAccount | null>(null);
  return (
    <section class="panel" aria-labelledby="settings-accounts">
      <h2 id="settings-accounts">Accounts</h2>
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
        · {STATE_TEXT[account.state]}
        {account.isOpen ? ' · In use' : ''}
      </span>
      <AccountProblem account={account} busy={action.busy} onRetry={makeDefault} />
      {/* Its problem asks for a token: the field is here, not only in the form below. */}
      {account.kind === 'remote' && account.state !== 'ok' && <PasteToken account={account} bridge={bridge} />}
      <div class="row">
        <RenameAccount account={account} bridge={bridge} />
        {!account.isDefault && (
          <button type="button" disabled={action.busy} onClick={makeDefault}>
            Make default
          </button>
        )}
        {account.kind === 'remote' && !confirming && (
          <button type="button" disabled={action.busy} onClick={() => setConfirming(true)}>
            Sign out…
          </button>
        )}
      </div>
      {confirming && (
        // biome-ignore lint/a11y/useSemanticElements: a confirmation row of buttons outside any form, named as a group; a fieldset would bring a form's semantics and its legend
        <div class="row" role="group" aria-label={`Sign out of ${account.label}`}>
          <span class="grow">
            Sign out of {account.label}? Its token is revoked where the service allows and deleted from this computer;
            changes not yet sent to it are dropped.
          </span>
          <button type="button" class="primary" disabled={action.busy} onClick={signOut}>
            Sign out
          </button>
          <button type="button" disabled={action.busy} onClick={() => setConfirming(false)}>
            Cancel
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
        Opens at start, but could not open now:{' '}
        {account.problem ?? (account.state === 'ok' ? 'Stint could not open it.' : `${STATE_TEXT[account.state]}.`)}
      </p>
      <button type="button" disabled={busy} onClick={onRetry} aria-label={`Try ${account.label} again`}>
        Try again
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
        {added.label} is added. Use {added.label} now?
      </span>
      <button type="button" class="primary" ref={first} disabled={action.busy} onClick={use}>
        Switch
      </button>
      <button type="button" disabled={action.busy} onClick={onAnswered}>
        Keep {current}
      </button>
      <ErrorLine error={action.error} />
    </div>
  );
}

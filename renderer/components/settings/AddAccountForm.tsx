// Adds a remote account: its address, then either a sign-in in the system browser (the OAuth
// application's client ID, and its secret where the service requires one) or a pasted personal
// token. A refusal is shown at the field it is about, and everything typed stays. While a browser
// sign-in waits, its address is shown to copy (for a browser that did not open, or another one)
// with a Cancel that stops Stint listening for it. Adding never switches accounts: onAdded asks.

import { useState } from 'preact/hooks';
import type { AddedAccount, StintBridge } from '../../../common/contract';
import { useAction } from '../../hooks';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';

type Mode = 'browser' | 'token';

/** The address left empty: refused here, at its field, before anything is asked of main. */
const NO_ADDRESS = {
  ok: false as const,
  error: {
    code: 'invalid_input' as const,
    message: "Enter the service's address, like https://time.example.com.",
    words: { id: 'window-accounts.enter-address' },
    field: 'baseUrl',
  },
};

export function AddAccountForm({
  bridge,
  signIn,
  onAdded,
}: {
  bridge: StintBridge;
  /** The browser sign-in waiting, if any (Snapshot.signIn). */
  signIn: { url: string } | null;
  /** An account was added without being put in use: the section asks whether to switch. */
  onAdded(added: AddedAccount): void;
}) {
  const [mode, setMode] = useState<Mode>('browser');
  const [baseUrl, setBaseUrl] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [token, setToken] = useState('');
  const action = useAction();
  const refused = action.error?.field;

  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(async () => {
      if (!baseUrl.trim()) return NO_ADDRESS;
      if (mode === 'token') return bridge.addAccountWithToken({ baseUrl, token });
      return bridge.beginSignIn({ baseUrl, clientId, ...(clientSecret.trim() ? { clientSecret } : {}) });
    });
    if (result?.ok) {
      setBaseUrl('');
      setToken('');
      setClientSecret('');
      if (!result.value.inUse) onAdded(result.value);
    }
  };

  /** One text field: its name, its label, its state (value and setter), any further attributes. */
  const field = (
    name: string,
    label: string,
    [value, set]: [string, (v: string) => void],
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      {...{ name, label, value, extra }}
      refused={refused === name}
      onValue={(v) => {
        set(v);
        action.clear();
      }}
    />
  );

  return (
    <form class="add-account" aria-label={t('window-accounts.add-form')} onSubmit={submit} noValidate>
      <h3>{t('window-accounts.add-heading')}</h3>
      {field('baseUrl', t('window-accounts.service-address'), [baseUrl, setBaseUrl], {
        type: 'url',
        placeholder: 'https://time.example.com',
      })}
      <ModeChoice mode={mode} onMode={setMode} />
      {mode === 'browser' ? (
        <>
          {field('clientId', t('window-accounts.client-id'), [clientId, setClientId])}
          {field('clientSecret', t('window-accounts.client-secret'), [clientSecret, setClientSecret], {
            type: 'password',
          })}
          <p class="hint">{t('window-accounts.browser-hint')}</p>
        </>
      ) : (
        field('token', t('window-accounts.personal-token'), [token, setToken], { type: 'password' })
      )}
      <button type="submit" class="primary" disabled={action.busy}>
        {submitLabel(mode, action.busy)}
      </button>
      {signIn && <SignInWait url={signIn.url} bridge={bridge} />}
      <ErrorLine error={action.error} id="add-account-error" testId="add-account-error" />
    </form>
  );
}

function submitLabel(mode: Mode, busy: boolean): string {
  if (mode === 'token') return t('window-accounts.add-account');
  return busy ? t('window-accounts.waiting-browser') : t('window-accounts.sign-in');
}

/** How to sign in: in the system browser, or with a pasted personal token. */
function ModeChoice({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  return (
    <fieldset>
      <legend class="label">{t('window-accounts.mode')}</legend>
      <label class="check">
        <input type="radio" name="mode" checked={mode === 'browser'} onChange={() => onMode('browser')} />{' '}
        {t('window-accounts.with-browser')}
      </label>
      <label class="check">
        <input type="radio" name="mode" checked={mode === 'token'} onChange={() => onMode('token')} />{' '}
        {t('window-accounts.with-token')}
      </label>
    </fieldset>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  /** Any further attributes of the input (type, placeholder). */
  extra: Record<string, unknown>;
  /** The refusal shown under the form is about this field. */
  refused: boolean;
  onValue: (value: string) => void;
}

function TextField({ name, label, value, extra, refused, onValue }: TextFieldProps) {
  return (
    <label class="grow">
      <span class="label">{label}</span>
      <input
        name={name}
        autocomplete="off"
        spellcheck={false}
        value={value}
        aria-invalid={refused ? 'true' : undefined}
        aria-describedby={refused ? 'add-account-error' : undefined}
        data-testid={`add-account-${name}`}
        onInput={(e) => onValue(e.currentTarget.value)}
        {...extra}
      />
    </label>
  );
}

/** The sign-in's address, read-only, to copy; and Cancel, which closes Stint's loopback listener. */
function SignInWait({ url, bridge }: { url: string; bridge: StintBridge }) {
  const [copied, setCopied] = useState<string | null>(null);
  const cancel = useAction();
  const copy = async (event: Event) => {
    const field = (event.currentTarget as HTMLElement).parentElement?.querySelector('input');
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('window-accounts.copied'));
    } catch {
      // No clipboard access here: the address is selected for the keyboard's copy.
      field?.select();
      setCopied(t('window-accounts.selected'));
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of controls about the waiting sign-in inside the form; a fieldset would read as one of the form's inputs
    <div class="sign-in-wait" role="group" aria-labelledby="sign-in-wait-title" data-testid="sign-in-wait">
      <p id="sign-in-wait-title">{t('window-accounts.wait-text')}</p>
      <div class="row">
        <label class="grow">
          <span class="label">{t('window-accounts.sign-in-address')}</span>
          <input readOnly value={url} data-testid="sign-in-url" onFocus={(e) => e.currentTarget.select()} />
        </label>
        <button type="button" onClick={copy}>
          {t('window-accounts.copy')}
        </button>
        <button
          type="button"
          disabled={cancel.busy}
          onClick={() => void cancel.run(() => bridge.cancelSignIn({}))}
          data-testid="sign-in-cancel"
        >
          {t('window-accounts.cancel-sign-in')}
        </button>
      </div>
      {copied && (
        <p class="hint" role="status">
          {copied}
        </p>
      )}
      <ErrorLine error={cancel.error} />
    </div>
  );
}

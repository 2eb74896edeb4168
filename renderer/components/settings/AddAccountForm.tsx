// Adds a remote account: its address, then either a sign-in in the system browser (the OAuth
// application's client ID, and its secret where the service requires one) or a pasted personal
// token. A refusal is shown at the field it is about, and everything typed stays.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import { fail } from '../../../common/result';
import { useAction } from '../../hooks';
import { ErrorLine } from '../ErrorLine';

type Mode = 'browser' | 'token';

export function AddAccountForm({ bridge }: { bridge: StintBridge }) {
  const [mode, setMode] = useState<Mode>('browser');
  const [baseUrl, setBaseUrl] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [token, setToken] = useState('');
  const action = useAction();
  const invalid = (field: string) => (action.error?.field === field ? 'true' : undefined);
  const describedBy = (field: string) => (action.error?.field === field ? 'add-account-error' : undefined);

  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(async () => {
      if (!baseUrl.trim())
        return fail('invalid_input', "Enter the service's address, like https://time.example.com.", 'baseUrl');
      if (mode === 'token') return bridge.addAccountWithToken({ baseUrl, token });
      return bridge.beginSignIn({ baseUrl, clientId, ...(clientSecret.trim() ? { clientSecret } : {}) });
    });
    if (result?.ok) {
      setBaseUrl('');
      setToken('');
      setClientSecret('');
    }
  };

  /** One text field: its name, its label, its state (value and setter), any further attributes. */
  const field = (
    name: string,
    label: string,
    [value, set]: [string, (v: string) => void],
    extra: Record<string, unknown> = {},
  ) => (
    <label class="grow">
      <span class="label">{label}</span>
      <input
        name={name}
        autocomplete="off"
        spellcheck={false}
        value={value}
        aria-invalid={invalid(name)}
        aria-describedby={describedBy(name)}
        data-testid={`add-account-${name}`}
        onInput={(e) => {
          set(e.currentTarget.value);
          action.clear();
        }}
        {...extra}
      />
    </label>
  );

  return (
    <form class="add-account" aria-label="Add account" onSubmit={submit} noValidate>
      <h3>Add an account</h3>
      {field('baseUrl', 'Service address', [baseUrl, setBaseUrl], {
        type: 'url',
        placeholder: 'https://time.example.com',
      })}
      <fieldset>
        <legend class="label">Sign in</legend>
        <label class="check">
          <input type="radio" name="mode" checked={mode === 'browser'} onChange={() => setMode('browser')} /> With the
          browser
        </label>
        <label class="check">
          <input type="radio" name="mode" checked={mode === 'token'} onChange={() => setMode('token')} /> With a
          personal token
        </label>
      </fieldset>
      {mode === 'browser' ? (
        <>
          {field('clientId', "Stint's client ID at that service", [clientId, setClientId])}
          {field('clientSecret', 'Client secret (if the service gave one)', [clientSecret, setClientSecret], {
            type: 'password',
          })}
          <p class="hint">Your browser opens the service's sign-in page; Stint never sees your password.</p>
        </>
      ) : (
        field('token', 'Personal token', [token, setToken], { type: 'password' })
      )}
      <button type="submit" class="primary" disabled={action.busy}>
        {action.busy && mode === 'browser'
          ? 'Waiting for the browser…'
          : mode === 'browser'
            ? 'Sign in'
            : 'Add account'}
      </button>
      <ErrorLine error={action.error} id="add-account-error" testId="add-account-error" />
    </form>
  );
}

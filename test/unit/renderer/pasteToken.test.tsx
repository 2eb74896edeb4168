// @vitest-environment happy-dom
// A remote account that asks for a token (no keychain kept one from the last session) offers the
// field in its own row: the token pasted there goes to that account's address, a refusal stays at
// the field with what was pasted, and the header's switcher still offers the account.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import type { AccountView } from '../../../common/snapshot';
import { AccountSwitcher } from '../../../renderer/components/AccountSwitcher';
import { AccountsSection } from '../../../renderer/components/settings/AccountsSection';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(cleanup);

const local: AccountView = {
  id: 'local',
  label: 'This computer',
  kind: 'local',
  baseUrl: null,
  auth: 'embedded',
  isDefault: false,
  isOpen: false,
  state: 'ok',
  sessionOnly: true,
  problem: null,
};
const work: AccountView = {
  ...local,
  id: 'acc-work',
  label: 'Work',
  kind: 'remote',
  baseUrl: 'https://time.example.com',
  auth: 'personal',
  isDefault: true,
  isOpen: true,
  state: 'keychain-unavailable',
  problem: 'No keychain answered. Paste a personal token to use this account for this session.',
};
const waiting = snapshot({ accounts: [local, work], account: { id: 'acc-work', label: 'Work', kind: 'remote' } });

describe('a token pasted in place', () => {
  it('offers the field in the account’s row and sends the token to its address', async () => {
    const bridge = fakeBridge({
      addAccountWithToken: async () => ok({ accountId: 'acc-work', label: 'Work', inUse: true }),
    });
    render(<AccountsSection snapshot={waiting} bridge={bridge} />);
    const row = screen.getAllByTestId('account').find((li) => li.dataset.accountId === 'acc-work')!;
    expect(row.textContent).toContain('Paste a personal token');
    const field = screen.getByLabelText('Personal token for Work') as HTMLInputElement;
    expect(row.contains(field)).toBe(true);
    fireEvent.input(field, { target: { value: 'the-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use token' }));
    await waitFor(() =>
      expect(bridge.addAccountWithToken).toHaveBeenCalledWith({
        baseUrl: 'https://time.example.com',
        token: 'the-token',
      }),
    );
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps what was pasted and says the refusal at the field', async () => {
    const bridge = fakeBridge({
      addAccountWithToken: async () => fail('rejected', 'The service refused this token.', 'token'),
    });
    render(<AccountsSection snapshot={waiting} bridge={bridge} />);
    const field = screen.getByLabelText('Personal token for Work') as HTMLInputElement;
    fireEvent.input(field, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use token' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The service refused this token.');
    expect(field.value).toBe('wrong');
  });

  it('has no field for an account whose token works', () => {
    render(
      <AccountsSection
        snapshot={snapshot({ accounts: [local, { ...work, state: 'ok', problem: null }] })}
        bridge={fakeBridge()}
      />,
    );
    expect(screen.queryByLabelText('Personal token for Work')).toBeNull();
  });

  it('the header still offers an account waiting for its token', () => {
    const other = snapshot({
      accounts: [
        { ...local, isOpen: true },
        { ...work, isOpen: false },
      ],
    });
    render(<AccountSwitcher snapshot={other} bridge={fakeBridge()} />);
    const select = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['This computer', 'Work']);
  });
});

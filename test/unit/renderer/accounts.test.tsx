// @vitest-environment happy-dom
// The accounts as the user meets them: the header's switcher, another account's running timer,
// the settings' list (the local account named once), the question after adding an account, and
// the waiting browser sign-in with its address and Cancel. Rendered with a fake bridge.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import type { AccountView, Snapshot } from '../../../common/snapshot';
import { AccountSwitcher } from '../../../renderer/components/AccountSwitcher';
import { OtherAccountTimers } from '../../../renderer/components/OtherAccountTimers';
import { AccountsSection } from '../../../renderer/components/settings/AccountsSection';
import { fakeBridge } from '../../support/fakeBridge';
import { SNAPSHOT_NOW, snapshot } from '../../support/snapshot';

afterEach(cleanup);

const account = (over: Partial<AccountView>): AccountView => ({
  id: 'local',
  label: 'This computer',
  kind: 'local',
  baseUrl: null,
  auth: 'embedded',
  isDefault: true,
  isOpen: true,
  state: 'ok',
  sessionOnly: false,
  problem: null,
  ...over,
});
const local = account({});
const work = account({
  id: 'acc-work',
  label: 'Work',
  kind: 'remote',
  baseUrl: 'https://time.example.com',
  auth: 'personal',
  isDefault: false,
  isOpen: false,
});
const old = account({ ...work, id: 'acc-old', label: 'Old', state: 'signed-out' });
const withAccounts = (over: Partial<Snapshot> = {}) => snapshot({ accounts: [local, work, old], ...over });

describe('AccountSwitcher', () => {
  it('names the open account and switches to another usable one in one choice; a signed-out one is not offered', async () => {
    const bridge = fakeBridge();
    render(<AccountSwitcher snapshot={withAccounts()} bridge={bridge} />);
    const select = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
    expect(select.value).toBe('local');
    expect([...select.options].map((o) => o.textContent)).toEqual(['This computer', 'Work']);
    fireEvent.change(select, { target: { value: 'acc-work' } });
    await waitFor(() => expect(bridge.setDefaultAccount).toHaveBeenCalledWith({ accountId: 'acc-work' }));
  });

  it('with one account shows its name only', () => {
    render(<AccountSwitcher snapshot={snapshot({ accounts: [local] })} bridge={fakeBridge()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('account-name').textContent).toBe('This computer');
  });
});

describe('OtherAccountTimers', () => {
  it('says which account a timer runs on, and Switch opens that account', async () => {
    const bridge = fakeBridge();
    const running = {
      accountId: 'acc-work',
      accountLabel: 'Work',
      projectName: 'Website',
      state: 'running' as const,
      seconds: 60,
      asOf: SNAPSHOT_NOW,
    };
    render(
      <OtherAccountTimers timers={[running, { ...running, projectName: 'Docs', state: 'paused' }]} bridge={bridge} />,
    );
    expect(screen.getAllByTestId('other-account-timer').map((l) => l.textContent)).toEqual([
      'Website is running on Work Switch',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Work' }));
    await waitFor(() => expect(bridge.setDefaultAccount).toHaveBeenCalledWith({ accountId: 'acc-work' }));
  });
});

describe('AccountsSection', () => {
  it('words the local account once: "This computer", not "This computer on this computer"', () => {
    render(<AccountsSection snapshot={withAccounts()} bridge={fakeBridge()} />);
    const [localRow, workRow] = screen.getAllByTestId('account');
    expect(localRow!.textContent).toMatch(/^This computer · Signed in · In use/);
    expect(localRow!.textContent).not.toContain('on this computer');
    expect(workRow!.textContent).toContain('Work https://time.example.com');
  });

  it('marks only the account in use "In use"; a default that could not open says so at its row, with the fix', async () => {
    const problem = 'Stint has no token for Work on this computer. Paste a personal token to use it.';
    const stuck = { ...work, isDefault: true, state: 'unauthorized' as const, problem };
    const bridge = fakeBridge();
    render(
      <AccountsSection snapshot={snapshot({ accounts: [{ ...local, isDefault: false }, stuck] })} bridge={bridge} />,
    );
    const [localRow, workRow] = screen.getAllByTestId('account');
    expect(localRow!.textContent).toMatch(/^This computer · Signed in · In use/);
    // One account in use: the default that did not open wears no badge of its own.
    expect(workRow!.textContent).not.toMatch(/In use|· Default/);
    expect(screen.getByTestId('account-not-opened').textContent).toBe(
      `Opens at start, but could not open now: ${problem}`,
    );
    expect(workRow!.querySelector('[data-testid="paste-token"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Work again' }));
    await waitFor(() => expect(bridge.setDefaultAccount).toHaveBeenCalledWith({ accountId: 'acc-work' }));
  });

  it('renames an account in place: Enter sends the name typed, a refusal stays at the field, Escape goes back to Rename', async () => {
    const bridge = fakeBridge({
      renameAccount: async ({ label }) =>
        label === 'Work'
          ? fail('invalid_input', 'Another account is already called Work: give this one a name of its own.', 'label')
          : ok({ label }),
    });
    render(<AccountsSection snapshot={withAccounts()} bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rename This computer' }));
    const field = screen.getByRole('textbox', { name: 'Account name' }) as HTMLInputElement;
    expect(field.value).toBe('This computer');
    fireEvent.input(field, { target: { value: 'Work' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Rename This computer' }));
    expect((await screen.findByTestId('account-name-error')).textContent).toBe(
      'Another account is already called Work: give this one a name of its own.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('Work');
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Rename This computer'));

    fireEvent.click(screen.getByRole('button', { name: 'Rename This computer' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Account name' }), { target: { value: 'Home' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Rename This computer' }));
    await waitFor(() => expect(bridge.renameAccount).toHaveBeenLastCalledWith({ accountId: 'local', label: 'Home' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Account name' })).toBeNull());
  });

  it('asks before using an account just added: Keep leaves the default, Switch makes it the default', async () => {
    const bridge = fakeBridge({
      addAccountWithToken: async () => ok({ accountId: 'acc-new', label: 'Client', inUse: false }),
    });
    render(<AccountsSection snapshot={withAccounts()} bridge={bridge} />);
    const add = async () => {
      fireEvent.input(screen.getByTestId('add-account-baseUrl'), { target: { value: 'https://client.example.com' } });
      fireEvent.click(screen.getByLabelText('With a personal token'));
      fireEvent.input(screen.getByTestId('add-account-token'), { target: { value: 'tok' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
      await screen.findByRole('group', { name: 'Client is added. Use Client now?' });
    };
    await add();
    fireEvent.click(screen.getByRole('button', { name: 'Keep This computer' }));
    expect(screen.queryByRole('group', { name: /Use Client now/ })).toBeNull();
    expect(bridge.setDefaultAccount).not.toHaveBeenCalled();

    await add();
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(bridge.setDefaultAccount).toHaveBeenCalledWith({ accountId: 'acc-new' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /Use Client now/ })).toBeNull());
  });

  it('shows a waiting browser sign-in its address, read-only, and Cancel stops it', async () => {
    const bridge = fakeBridge();
    const url = 'https://time.example.com/oauth/2/authorize?client_id=stint&state=abc';
    render(<AccountsSection snapshot={withAccounts({ signIn: { url } })} bridge={bridge} />);
    const wait = screen.getByRole('group', { name: /Waiting for the browser/ });
    const field = screen.getByLabelText('Sign-in address') as HTMLInputElement;
    expect(wait.contains(field)).toBe(true);
    expect(field.value).toBe(url);
    expect(field.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    await waitFor(() => expect(bridge.cancelSignIn).toHaveBeenCalledWith({}));
  });
});

describe('the focus around adding an account (issue 27 items 13, 15)', () => {
  it('puts the focus on the question’s Switch once added, and on the account’s row once answered', async () => {
    const added = account({ id: 'acc-new', label: 'Client', kind: 'remote', isDefault: false, isOpen: false });
    const bridge = fakeBridge({
      addAccountWithToken: async () => ok({ accountId: 'acc-new', label: 'Client', inUse: false }),
    });
    const view = render(<AccountsSection snapshot={withAccounts()} bridge={bridge} />);
    fireEvent.input(screen.getByTestId('add-account-baseUrl'), { target: { value: 'https://client.example.com' } });
    fireEvent.click(screen.getByLabelText('With a personal token'));
    fireEvent.input(screen.getByTestId('add-account-token'), { target: { value: 'tok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    await screen.findByRole('group', { name: 'Client is added. Use Client now?' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Switch' })));
    view.rerender(<AccountsSection snapshot={withAccounts({ accounts: [local, work, old, added] })} bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep This computer' }));
    const row = document.querySelector('[data-testid="account"][data-account-id="acc-new"]')!;
    await waitFor(() => expect(row.contains(document.activeElement)).toBe(true));
  });

  it('names the open account in the switcher’s tooltip, with its e-mail', () => {
    render(
      <AccountSwitcher
        snapshot={withAccounts({ user: { name: 'Ann', email: 'ann@example.com' } })}
        bridge={fakeBridge()}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Account' }).getAttribute('title')).toBe(
      'This computer · ann@example.com',
    );
  });
});

// @vitest-environment happy-dom
// Settings as the web host shows them: no global shortcuts and no idle threshold to set, since a
// browser tab has neither, but words saying so; the desktop app keeps both.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../common/result';
import { SettingsView } from '../../../renderer/components/settings/SettingsView';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(cleanup);

const show = (host: 'desktop' | 'web') =>
  render(
    <SettingsView
      bridge={fakeBridge({ getSnapshot: async () => ok(snapshot(host === 'web' ? { webHost: true } : {})) })}
    />,
  );

describe('Settings on the web host', () => {
  it('says global shortcuts and the idle threshold need the desktop app, and offers neither', async () => {
    show('web');
    const shortcuts = await screen.findByTestId('shortcuts-web-host');
    expect(shortcuts.textContent).toContain('Global shortcuts need the desktop app');
    expect(screen.getByTestId('idle-web-host').textContent).toContain('The web host cannot tell when you are away');
    expect(screen.queryByRole('button', { name: 'Save shortcuts' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /time I was away/ })).toBeNull();
  });

  it('the desktop app offers both', async () => {
    show('desktop');
    await screen.findByRole('button', { name: 'Save shortcuts' });
    expect(screen.getByRole('checkbox', { name: /time I was away/ })).toBeTruthy();
    expect(screen.queryByTestId('shortcuts-web-host')).toBeNull();
  });
});

// @vitest-environment happy-dom
// The window's update line (renderer/components/UpdateLine.tsx), with a fake bridge: quiet unless
// a download runs or is ready; "Restart to update" asks main, and a refusal is shown in words.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../../common/result';
import { UpdateLine } from '../../../renderer/components/UpdateLine';
import { fakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

describe('UpdateLine', () => {
  it('says nothing where the app does not update itself, while it looks, or when a look failed', () => {
    const bridge = fakeBridge();
    for (const update of [
      undefined,
      { state: 'idle' } as const,
      { state: 'checking' } as const,
      { state: 'failed', reason: 'The update server could not be reached.' } as const,
    ]) {
      render(<UpdateLine update={update} bridge={bridge} />);
      expect(screen.queryByTestId('update')).toBeNull();
      cleanup();
    }
  });

  it('shows the download’s progress, with nothing to press', () => {
    render(<UpdateLine update={{ state: 'downloading', version: '0.2.0', percent: 42 }} bridge={fakeBridge()} />);
    expect(screen.getByRole('status').textContent).toBe('Downloading Stint 0.2.0… 42%');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers "Restart to update" once ready, which asks main to restart', async () => {
    const bridge = fakeBridge();
    render(<UpdateLine update={{ state: 'ready', version: '0.2.0' }} bridge={bridge} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Stint 0.2.0 is ready. Your timers keep running across the restart.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    await waitFor(() => expect(bridge.restartToUpdate).toHaveBeenCalledWith({}));
  });

  it('shows main’s refusal in words', async () => {
    const bridge = fakeBridge({ restartToUpdate: async () => fail('not_found', 'No update is ready to install.') });
    render(<UpdateLine update={{ state: 'ready', version: '0.2.0' }} bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }));
    await waitFor(() =>
      expect(screen.getByTestId('update-error').textContent).toContain('No update is ready to install.'),
    );
  });
});

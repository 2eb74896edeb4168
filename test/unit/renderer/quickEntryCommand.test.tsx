// @vitest-environment happy-dom
// The desktop's quick-entry shortcut (the shell's 'focus-quick-entry' UI command) while the window
// shows the week view: the main view comes back with the cursor in quick entry, as "/" does.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { UiCommand } from '../../../common/contract';
import { ok } from '../../../common/result';
import { App } from '../../../renderer/components/App';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(() => {
  cleanup();
  location.hash = '';
});

describe('the quick-entry shortcut', () => {
  it('focuses quick entry from the week view, going back to the main view', async () => {
    const heard: Array<(command: UiCommand) => void> = [];
    const bridge = {
      ...fakeBridge({ getSnapshot: async () => ok(snapshot()) }),
      onUiCommand: (listener: (command: UiCommand) => void) => {
        heard.push(listener);
        return () => {};
      },
    };
    location.hash = '#week';
    render(<App bridge={bridge} />);
    await screen.findByTestId('week');
    for (const listener of heard) listener('focus-quick-entry');
    await waitFor(() => expect(document.activeElement?.id).toBe('quick-input'));
    expect(screen.queryByTestId('week')).toBeNull();
  });
});

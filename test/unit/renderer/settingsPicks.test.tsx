// @vitest-environment happy-dom
// Settings' boxes show the user's pick at once and keep showing it while its save is on its way,
// whatever snapshot comes meanwhile (usePicked): drawn from the snapshot alone they flicked back.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import type { Settings } from '../../../common/settings';
import { LaunchSection, ThemeSection } from '../../../renderer/components/settings/AppearanceSection';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(cleanup);

const box = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

/** A bridge whose settings saves wait until the test answers them. */
function pendingSaves() {
  const answers: Array<(accepted: boolean) => void> = [];
  const settings: Settings = snapshot().settings;
  const bridge = fakeBridge({
    updateSettings: () =>
      new Promise((resolve) => {
        answers.push((accepted) =>
          resolve(accepted ? ok(settings) : fail('internal', 'Could not write the settings file.')),
        );
      }),
  });
  return { bridge, answer: (i: number, accepted: boolean) => answers[i]?.(accepted), count: () => answers.length };
}

describe("Settings' picks on their way", () => {
  it('a theme picked after another stays shown when the first one is stored', async () => {
    const { bridge, answer, count } = pendingSaves();
    const { rerender } = render(<ThemeSection theme="system" bridge={bridge} />);
    fireEvent.click(box('Light'));
    fireEvent.click(box('Dark'));
    await waitFor(() => expect(count()).toBe(1));
    answer(0, true);
    rerender(<ThemeSection theme="light" bridge={bridge} />);
    await waitFor(() => expect(count()).toBe(2));
    expect(box('Dark').checked).toBe(true);
    expect(box('Light').checked).toBe(false);
  });

  it('launch at login stays ticked through an unrelated snapshot, and is unticked when refused', async () => {
    const { bridge, answer, count } = pendingSaves();
    const { rerender } = render(<LaunchSection launchAtLogin={false} bridge={bridge} />);
    const launch = () => screen.getByTestId('launch-at-login') as HTMLInputElement;
    fireEvent.click(launch());
    await waitFor(() => expect(count()).toBe(1));
    rerender(<LaunchSection launchAtLogin={false} bridge={bridge} />);
    expect(launch().checked).toBe(true);
    answer(0, false);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not write the settings file.');
    await waitFor(() => expect(launch().checked).toBe(false));
  });
});

// @vitest-environment happy-dom
// The quick-entry box in the window's language (issue 31 item 5): the line is read in it besides
// English, the preview names the day in it, a refusal is said in it, and main gets the language
// with the line so that it reads the line the same way.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createWords } from '../../../common/i18n/words';
import { ok } from '../../../common/result';
import type { ProjectView } from '../../../common/snapshot';
import { showWords, words } from '../../../renderer/app/words';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import germanQuick from '../../../common/i18n/catalogs/window-quick/de.json';
import germanRefusals from '../../../common/i18n/catalogs/quick-refusals/de.json';
import { fakeBridge } from '../../support/fakeBridge';

/** A Tuesday. */
const TODAY = '2025-11-25';
const website: ProjectView = { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true };
const type = (value: string) => fireEvent.input(screen.getByTestId('quick-input'), { target: { value } });
/** The words the tests run with (English, test/support/englishWords.ts), put back after each. */
const before = words.value;
// The box's German: its own words and the refusals; days and numbers come from Intl.
const german = () => createWords('de', { ...germanQuick, ...germanRefusals });

afterEach(() => {
  cleanup();
  showWords(before);
});

describe('QuickEntry in German', () => {
  it('reads gestern and 1,5 Std, names the day in German and sends the language with the line', async () => {
    showWords(german());
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 90, typedMinutes: 90, increment: 15, projectName: 'Website', date: '2025-11-24', key: 'op-1' }),
    });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type('gestern 1,5 Std @Website Abstimmung');
    expect(screen.getByTestId('preview-day').textContent).toBe('gestern (Mo., 24. Nov.)');
    expect(screen.getByTestId('preview-time').textContent).toBe('1:30');
    type('Fr 1:00 @Website');
    expect(screen.getByTestId('preview-day').textContent).toBe('Fr., 21. Nov.');
    fireEvent.keyDown(screen.getByTestId('quick-input'), { key: 'Enter' });
    await waitFor(() => expect(bridge.quickEntry).toHaveBeenCalledWith({ text: 'Fr 1:00 @Website', locale: 'de' }));
  });

  it('refuses tomorrow in German, in place', () => {
    showWords(german());
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    type('morgen 1:00 @Website');
    expect(screen.getByTestId('quick-preview').textContent).toBe(
      'Zeit lässt sich bis heute erfassen, nicht für morgen.',
    );
  });
});

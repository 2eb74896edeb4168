// @vitest-environment happy-dom
// The window writes durations in the user's time format (Snapshot.timeFormat, issue 22): App
// provides it, a component reads it where it writes minutes. An entry's row is the first.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryView } from '../../../common/snapshot';
import { EntryRow } from '../../../renderer/components/EntryRow';
import { TimeFormatContext } from '../../../renderer/timeFormat';
import { fakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

const entry: EntryView = {
  key: '41',
  id: 41,
  date: '2025-03-10',
  minutes: 90,
  description: 'call',
  projectName: 'Website',
  pending: false,
};

describe("an entry's minutes in the user's time format", () => {
  it.each([
    ['fraction', '1.50'],
    ['hours_minutes', '1:30'],
  ] as const)('%s: %s', (format, shown) => {
    render(
      <TimeFormatContext.Provider value={format}>
        <ul>
          <EntryRow entry={entry} projects={[]} bridge={fakeBridge()} />
        </ul>
      </TimeFormatContext.Provider>,
    );
    expect(screen.getByTestId('entry-minutes').textContent).toBe(shown);
  });
});

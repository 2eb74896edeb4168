// @vitest-environment happy-dom
// The header's status as an account opens: what shows is the last read kept on disk until a read
// of this open lands, so the header never says Synced before one has, and offline it says how old
// what it shows is.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatus } from '../../../renderer/components/SyncStatus';
import { DateTimeContext, dateTimeWords } from '../../../renderer/dateTime';
import { localDate } from '../../../common/format';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(cleanup);

/** 10:42 local time today. */
const at = (() => {
  const d = new Date();
  d.setHours(10, 42, 0, 0);
  return d.getTime();
})();

const status = () => screen.getByTestId('sync-status');

/** The header as a window in a 24-hour locale writes it: the window's one clock style. */
const inGB = (node: preact.ComponentChild) => (
  <DateTimeContext.Provider value={dateTimeWords('en-GB')}>{node}</DateTimeContext.Provider>
);

describe('SyncStatus', () => {
  it('says Reading…, not Synced, before a read of this open has landed, with the age of what it shows', () => {
    render(
      inGB(
        <SyncStatus snapshot={snapshot({ readSinceOpen: false, lastSyncAt: at })} connected bridge={fakeBridge()} />,
      ),
    );
    expect(status().getAttribute('data-state')).toBe('reading');
    expect(status().textContent).toBe('Reading… · last read 10:42');
  });

  it('once a read landed says Synced', () => {
    render(<SyncStatus snapshot={snapshot({ readSinceOpen: true, lastSyncAt: at })} connected bridge={fakeBridge()} />);
    expect(status().textContent).toBe('Synced');
  });

  it('offline says how old what it shows is, with what waits', () => {
    const offline = snapshot({ online: false, readSinceOpen: false, lastSyncAt: at });
    const { rerender } = render(inGB(<SyncStatus snapshot={offline} connected bridge={fakeBridge()} />));
    expect(status().textContent).toBe('Offline · last read 10:42');
    const waiting = snapshot({ ...offline, outbox: { ...offline.outbox, pending: 1 } });
    rerender(inGB(<SyncStatus snapshot={waiting} connected bridge={fakeBridge()} />));
    expect(status().textContent).toBe('Offline · 1 waiting · last read 10:42');
    rerender(inGB(<SyncStatus snapshot={{ ...offline, lastSyncAt: null }} connected bridge={fakeBridge()} />));
    expect(status().textContent).toBe('Offline');
  });

  it("names the day of a read before today, in the locale's clock", () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(17, 5, 0, 0);
    render(
      inGB(
        <SyncStatus
          snapshot={snapshot({ online: false, lastSyncAt: yesterday.getTime() })}
          connected
          bridge={fakeBridge()}
        />,
      ),
    );
    expect(status().textContent).toBe(
      `Offline · last read ${dateTimeWords('en-GB').day(localDate(yesterday.getTime()))} 17:05`,
    );
    cleanup();
    render(
      <DateTimeContext.Provider value={dateTimeWords('en-US')}>
        <SyncStatus snapshot={snapshot({ online: false, lastSyncAt: at })} connected bridge={fakeBridge()} />
      </DateTimeContext.Provider>,
    );
    expect(status().textContent).toBe('Offline · last read 10:42 AM');
  });
});

// @vitest-environment happy-dom
// The header's status as an account opens: what shows is the last read kept on disk until a read
// of this open lands, so the header never says Synced before one has, and offline it says how old
// what it shows is.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncStatus, readAtWords } from '../../../renderer/components/SyncStatus';
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

describe('SyncStatus', () => {
  it('says Reading…, not Synced, before a read of this open has landed, with the age of what it shows', () => {
    render(
      <SyncStatus snapshot={snapshot({ readSinceOpen: false, lastSyncAt: at })} connected bridge={fakeBridge()} />,
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
    const { rerender } = render(<SyncStatus snapshot={offline} connected bridge={fakeBridge()} />);
    expect(status().textContent).toBe('Offline · last read 10:42');
    const waiting = snapshot({ ...offline, outbox: { ...offline.outbox, pending: 1, pendingIds: ['a'] } });
    rerender(<SyncStatus snapshot={waiting} connected bridge={fakeBridge()} />);
    expect(status().textContent).toBe('Offline · 1 waiting · last read 10:42');
    rerender(<SyncStatus snapshot={{ ...offline, lastSyncAt: null }} connected bridge={fakeBridge()} />);
    expect(status().textContent).toBe('Offline');
  });

  it('names the day of a read before today', () => {
    const now = new Date(2026, 10, 25, 9, 0).getTime();
    expect(readAtWords(new Date(2026, 10, 24, 17, 5).getTime(), now)).toBe('Tue 24 Nov 17:05');
    expect(readAtWords(new Date(2026, 10, 25, 8, 7).getTime(), now)).toBe('08:07');
  });
});

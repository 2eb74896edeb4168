// The local account's timers while another account is open. Its service runs only while it is
// open, so nothing can change them meanwhile: what its core showed when the user left it (the
// changes not sent yet included) is still true, and after a restart on another account, what it
// last read (its last-read.json, sync/lastRead.ts). So a timer left running on "This computer"
// shows on every other account, as theirs show on it (otherTimers.ts), with no request at all.

import { join } from 'node:path';
import type { OtherAccountTimerView, TimerView } from '../../../common/snapshot';
import { LOCAL_ACCOUNT } from '../embedded/embeddedAccount';
import { readLastRead } from '../sync/lastRead';

export function localAccountTimers(dataDir: string) {
  // Read from disk once, when first asked; replaced by what the core showed each time it is left.
  let known: readonly TimerView[] | null = null;
  const timers = () => {
    known ??= readLastRead(join(dataDir, 'accounts', LOCAL_ACCOUNT.id))?.data.timers ?? [];
    return known;
  };
  return {
    /** The local account's core is being left: its timers as it showed them. */
    left(shown: readonly TimerView[]) {
      known = shown;
    },
    /** Its running timers as the other accounts' are shown, under the name it goes by. */
    running(label: string): OtherAccountTimerView[] {
      return timers()
        .filter((t) => t.state === 'running')
        .map((t) => ({
          accountId: LOCAL_ACCOUNT.id,
          accountLabel: label,
          projectName: t.projectName,
          state: t.state,
          seconds: t.seconds,
          asOf: t.asOf,
        }));
    },
  };
}

// The calls/ tests' handlers of main over a real outbox, and the snapshot the window is shown of
// the service's data and the outbox's operations: online, on the test account, nothing recent.
import type { Handlers } from '../../../../common/contract';
import type { Snapshot } from '../../../../common/snapshot';
import { createHandlers } from '../../../../main/core/calls/handlers';
import type { Outbox } from '../../../../main/core/sync/outbox';
import type { ServiceData } from '../../../../main/core/sync/serviceData';
import { deriveSnapshot } from '../../../../main/core/views/deriveSnapshot';
import { callParts, type GivenParts } from '../../../support/callParts';
import { ACCOUNT } from '../../../support/offline';
import { withAccountsRefused } from '../../../support/soleCore';

/** The handlers made of the parts given (callParts), the account channels refused. */
export const handlersOf = (given: GivenParts): Handlers => withAccountsRefused(createHandlers(callParts(given)));

/** What the window is shown on `today`, online, of the data and the outbox's operations. */
export const shownOnline = (data: ServiceData, outbox: Outbox, today: string): Snapshot =>
  deriveSnapshot(data, outbox.items(), {
    account: ACCOUNT,
    online: true,
    lastSyncAt: null,
    today,
    recent: [],
    notices: [],
  });

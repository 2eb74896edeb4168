// The Activity view's count per account: the open account's from its core (its outbox in memory),
// every other one's from its journal on disk, read and replayed but never written (it is not open:
// nothing else touches that file meanwhile, and a read is cheap).

import { join } from 'node:path';
import type { Activity } from '../../../common/activity';
import type { Handlers } from '../../../common/contract';
import type { AccountView } from '../../../common/snapshot';
import { activityHandlers, type ActivityChannel } from '../calls/activity';
import { waitingInJournal } from '../sync/waiting';

interface AppActivityDeps {
  dataDir: string;
  accounts(): ReadonlyArray<Pick<AccountView, 'id' | 'label'>>;
  /** The open core's own calls. */
  open: Pick<Handlers, 'getActivity'>;
  now(): number;
}

export function appActivityHandlers(deps: AppActivityDeps): Pick<Handlers, ActivityChannel> {
  const activity = async (): Promise<Activity> => {
    const own = await deps.open.getActivity({});
    const entries = own.ok ? own.value.entries : [];
    const openCounts = own.ok ? own.value.waitingByAccount : [];
    const waitingByAccount = deps.accounts().map((account) => ({
      accountId: account.id,
      label: account.label,
      waiting:
        openCounts.find((c) => c.accountId === account.id)?.waiting ??
        waitingInJournal(join(deps.dataDir, 'accounts', account.id)),
    }));
    return { entries, waitingByAccount };
  };
  return activityHandlers(activity, deps.now);
}

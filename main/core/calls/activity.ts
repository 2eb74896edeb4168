// The sync ledger's calls (issue 14): the Activity view asks for it when opened and at each new
// snapshot while open (it is not in every snapshot: 500 changes would weigh on each one), and the
// export gives it as JSON text the window saves as a file.

import type { Activity } from '../../../common/activity';
import type { Handlers } from '../../../common/contract';
import { ok } from '../../../common/result';

export type ActivityChannel = 'getActivity' | 'exportActivity';

/** activity: the open account's ledger and what each account still has to send. */
export function activityHandlers(
  activity: () => Activity | Promise<Activity>,
  now: () => number,
): Pick<Handlers, ActivityChannel> {
  return {
    getActivity: async () => ok(await activity()),
    exportActivity: async () => ok(activityExport(await activity(), now())),
  };
}

/** The export: the ledger as it is, dated; its entries come from the ledger, which holds no secret. */
export function activityExport(activity: Activity, at: number): { json: string; fileName: string } {
  const exportedAt = new Date(at).toISOString();
  const json = JSON.stringify({ app: 'Stint', exportedAt, ...activity }, null, 2);
  return { json, fileName: `stint-activity-${exportedAt.slice(0, 19).replaceAll(':', '-')}.json` };
}

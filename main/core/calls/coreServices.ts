// What the calls ask of the rest of core that lives above calls/: the settings file, the CSV
// export, the Activity ledger and the calendars. Its one implementation is AccountServices
// (main/core/accountServices.ts); tests give their own (test/support/callParts.ts).

import type { Activity } from '../../../common/activity';
import type { RequestOf, ResponseOf } from '../../../common/contract';
import type { Result } from '../../../common/result';
import type { Settings } from '../../../common/settings';
import type { Calendars } from '../calendars/calendars';

export interface CoreServices {
  /** Checks, applies and saves a change of settings (settings/update.ts). */
  updateSettings(patch: RequestOf<'updateSettings'>): Result<Settings>;
  /** Writes a range's CSV into the Downloads folder (export/exporter.ts), or says why it cannot. */
  exportCsv(range: RequestOf<'exportCsv'>): Promise<Result<ResponseOf<'exportCsv'>>>;
  /** The sync ledger (sync/ledger.ts) and what still waits. */
  activity(): Activity;
  /** The user's calendars (calendars/calendars.ts); absent where the app has none. */
  readonly calendars?: Calendars | undefined;
}

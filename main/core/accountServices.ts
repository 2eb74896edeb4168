// The rest of one account's core that a call may ask for (calls/coreServices.ts): a change of
// settings, a CSV export into the Downloads folder, the Activity ledger, the calendars.

import type { Activity } from '../../common/activity';
import type { RequestOf } from '../../common/contract';
import { fail } from '../../common/result';
import type { CoreServices } from './calls/coreServices';
import type { Exporter } from './export/exporter';
import type { SettingsStore } from './settings/store';
import { updateSettings } from './settings/update';
import type { Ledger } from './sync/ledger';
import type { Outbox } from './sync/outbox';
import { waitingIn } from './sync/waiting';
import type { CoreOptions } from './types';

export interface AccountServiceParts {
  options: Pick<CoreOptions, 'account' | 'applyHotkeys' | 'downloadsDir' | 'calendars'>;
  settings: SettingsStore;
  exporter: Exporter;
  ledger: Ledger;
  outbox: Outbox;
}

export class AccountServices implements CoreServices {
  readonly calendars: CoreOptions['calendars'];
  private readonly parts: AccountServiceParts;

  constructor(parts: AccountServiceParts) {
    this.parts = parts;
    this.calendars = parts.options.calendars;
  }

  updateSettings(patch: RequestOf<'updateSettings'>) {
    const { settings, options } = this.parts;
    return updateSettings(
      {
        store: settings,
        mac: process.platform === 'darwin',
        ...(options.applyHotkeys ? { applyHotkeys: options.applyHotkeys } : {}),
      },
      patch,
    );
  }

  exportCsv(range: RequestOf<'exportCsv'>) {
    const { exporter, options } = this.parts;
    return options.downloadsDir
      ? exporter.toFolder(range, options.downloadsDir)
      : Promise.resolve(fail('internal', 'Exporting is not available here.'));
  }

  activity(): Activity {
    const { ledger, outbox, options } = this.parts;
    return {
      entries: ledger.entries(),
      waitingByAccount: [{ accountId: options.account.id, label: options.account.label, waiting: waitingIn(outbox) }],
    };
  }
}

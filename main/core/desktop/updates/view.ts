// What the tray menu shows of the app's update (policy.ts's state; the window reads the same state,
// renderer/components/UpdateLine.tsx). Quiet by design: nothing while idle, checking or failed (a
// failure's reason stays in the state for the window), the progress while downloading, and
// "Restart to update" once the file is downloaded and its sha512 verified.

import type { Words } from '../../../../common/i18n/words';
import type { UpdateView } from '../../../../common/snapshot';

/** The tray menu's update items (views/trayModel.ts puts them above the app's own items). */
export interface UpdateMenuItem {
  /** 'restart-to-update' is the shell's to handle (it flushes the outbox as at quit, then installs). */
  id: 'update-progress' | 'restart-to-update';
  label: string;
  enabled?: boolean;
}

/** The item's English words (its catalog message 'tray.restartToUpdate'), which tests look for. */
export const RESTART_TO_UPDATE = 'Restart to update';

/** The items in `words`' language (the tray's, catalog area `tray`). */
export function updateMenuItems(update: UpdateView | undefined, words: Words): UpdateMenuItem[] {
  if (update?.state === 'downloading')
    return [
      {
        id: 'update-progress',
        label: words.t('tray.updateDownloading', { version: update.version, percent: update.percent }),
        enabled: false,
      },
    ];
  if (update?.state === 'ready') return [{ id: 'restart-to-update', label: words.t('tray.restartToUpdate') }];
  return [];
}

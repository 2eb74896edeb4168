// A shortcut's command in the window's words: "Start or pause the last timer", "Start project 3".

import { commandOf, type HotkeyName, slotOf } from '../../../common/settings';
import { t } from '../../app/words';

export const commandName = (name: HotkeyName): string =>
  t('window-shortcuts.command', { command: commandOf(name), slot: slotOf(name) });

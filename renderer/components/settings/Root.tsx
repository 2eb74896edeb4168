// Picks the page's view by its route: the settings, or the main window's view.

import type { StintBridge } from '../../../common/contract';
import type { Connection } from '../../hooks';
import { App } from '../App';
import { useRoute } from './route';
import { SettingsView } from './SettingsView';

export function Root({ bridge, connection }: { bridge: StintBridge; connection?: Connection }) {
  return useRoute() === 'settings' ? (
    <SettingsView bridge={bridge} />
  ) : (
    <App bridge={bridge} {...(connection ? { connection } : {})} />
  );
}

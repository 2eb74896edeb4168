// Picks the page's view by its route: the settings, the activity, or the main window's view.

import type { StintBridge } from '../../common/contract';
import type { Connection } from '../hooks';
import { ActivityView } from '../components/activity/ActivityView';
import { App } from '../components/App';
import { useRoute } from './route';
import { useScrollPerView } from './viewScroll';
import { SettingsView } from '../components/settings/SettingsView';

export function Root({ bridge, connection }: { bridge: StintBridge; connection?: Connection }) {
  const route = useRoute();
  useScrollPerView(route);
  if (route === 'settings') return <SettingsView bridge={bridge} />;
  if (route === 'activity') return <ActivityView bridge={bridge} />;
  return <App bridge={bridge} {...(connection ? { connection } : {})} />;
}

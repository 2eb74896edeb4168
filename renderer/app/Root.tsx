// Picks the page's view by its route: the settings, the activity, or the main window's view.

import type { StintBridge } from '../../common/contract';
import type { Connection } from '../hooks';
import { ActivityView } from '../components/activity/ActivityView';
import { App } from '../components/App';
import { useRoute } from './route';
import { useScrollPerView } from './viewScroll';
import { SettingsView } from '../components/settings/SettingsView';
import { DateTimeContext, dateTimeWords } from '../dateTime';
import { useLanguageOf } from './loadWords';

export function Root({ bridge, connection }: { bridge: StintBridge; connection?: Connection }) {
  const route = useRoute();
  useScrollPerView(route);
  // The window speaks the snapshot's language and writes its clock: both follow a change at once.
  const dateTime = useLanguageOf(bridge);
  // Always the provider, so the view below is not mounted again when the first snapshot comes.
  return (
    <DateTimeContext.Provider value={dateTime ?? systemDateTime}>
      <RoutedView route={route} bridge={bridge} {...(connection ? { connection } : {})} />
    </DateTimeContext.Provider>
  );
}

const systemDateTime = dateTimeWords();

function RoutedView({ route, bridge, connection }: { route: string; bridge: StintBridge; connection?: Connection }) {
  if (route === 'settings') return <SettingsView bridge={bridge} />;
  if (route === 'activity') return <ActivityView bridge={bridge} />;
  return <App bridge={bridge} {...(connection ? { connection } : {})} />;
}

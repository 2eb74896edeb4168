// The settings page (#settings): in its own window from the tray, or in place of the main view
// from its Settings link. Each section saves its own change. On the web host, shortcuts and idle
// time, which only the desktop app has, say so instead (WebHostSections).

import type { StintBridge } from '../../../common/contract';
import { useSnapshot } from '../../hooks';
import { AccountsSection } from './AccountsSection';
import { CalendarsSection } from './CalendarsSection';
import { LaunchSection, ThemeSection } from './AppearanceSection';
import { FormatsSection } from './FormatsSection';
import { IdleSection } from './IdleSection';
import { LanguageSection } from './LanguageSection';
import { ReminderSection } from './ReminderSection';
import { ShortcutsSection } from './ShortcutsSection';
import { WebHostIdle, WebHostShortcuts } from './WebHostSections';
import { useTheme } from '../../app/theme';
import { t, words } from '../../app/words';

export function SettingsView({ bridge }: { bridge: StintBridge }) {
  const { snapshot, error } = useSnapshot(bridge);
  useTheme(snapshot?.settings.theme);
  if (!snapshot) {
    return (
      <main class="app loading" aria-busy="true">
        <p role="status">{error ? error.message : t('window-settings.loading')}</p>
      </main>
    );
  }
  const { settings } = snapshot;
  const onDesktop = !snapshot.webHost;
  return (
    <div class="app settings" lang={words.value.locale} dir={words.value.dir}>
      <header class="bar">
        <h1>{t('window-settings.title')}</h1>
        <a class="bar-link" href="#main">
          {t('window-settings.back')}
        </a>
      </header>
      <main data-testid="settings">
        <AccountsSection snapshot={snapshot} bridge={bridge} />
        {onDesktop ? (
          <ShortcutsSection
            hotkeys={settings.hotkeys}
            startProjects={settings.startProjects}
            projects={snapshot.projects}
            state={snapshot.shortcuts}
            bridge={bridge}
          />
        ) : (
          <WebHostShortcuts />
        )}
        {onDesktop ? (
          <IdleSection minutes={settings.idleThresholdMinutes} source={snapshot.idleSource} bridge={bridge} />
        ) : (
          <WebHostIdle />
        )}
        <ReminderSection reminder={settings.reminder} bridge={bridge} />
        <LaunchSection launchAtLogin={settings.launchAtLogin} bridge={bridge} />
        <ThemeSection theme={settings.theme} bridge={bridge} />
        <LanguageSection
          language={settings.language}
          clock={settings.clock}
          systemLanguages={snapshot.systemLanguages}
          formatLocale={snapshot.formatLocale}
          bridge={bridge}
        />
        <FormatsSection timeFormat={snapshot.timeFormat} weekStart={snapshot.week.weekStart} bridge={bridge} />
        <CalendarsSection calendars={snapshot.calendar.calendars} bridge={bridge} />
      </main>
    </div>
  );
}

// Start-up and looks: launch at login, and the theme (the system's, or always light or dark).

import type { StintBridge } from '../../../common/contract';
import { THEMES, type Theme } from '../../../common/settings';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { usePicked } from './usePicked';
import { saved, useSaveSettings } from './useSaveSettings';

const THEME_LABELS: Record<Theme, string> = {
  system: 'window-settings.theme-system',
  light: 'window-settings.theme-light',
  dark: 'window-settings.theme-dark',
};

export function LaunchSection({ launchAtLogin, bridge }: { launchAtLogin: boolean; bridge: StintBridge }) {
  const saving = useSaveSettings(bridge);
  const launch = usePicked(launchAtLogin);
  return (
    <section class="panel" aria-labelledby="settings-launch">
      <h2 id="settings-launch">{t('window-settings.startup')}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={launch.shown}
          data-testid="launch-at-login"
          onChange={(e) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            launch.pick(on, saved(saving.save({ launchAtLogin: on })));
          }}
        />{' '}
        {t('window-settings.launch-at-login')}
      </label>
      <ErrorLine error={saving.error} />
    </section>
  );
}

export function ThemeSection({ theme, bridge }: { theme: Theme; bridge: StintBridge }) {
  const saving = useSaveSettings(bridge);
  const picked = usePicked(theme);
  return (
    <section class="panel" aria-labelledby="settings-theme">
      <fieldset class="choices">
        <legend>
          <h2 id="settings-theme">{t('window-settings.theme')}</h2>
        </legend>
        {THEMES.map((value) => (
          <label class="check" key={value}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={picked.shown === value}
              onChange={() => picked.pick(value, saved(saving.save({ theme: value })))}
            />{' '}
            {t(THEME_LABELS[value])}
          </label>
        ))}
      </fieldset>
      <ErrorLine error={saving.error} />
    </section>
  );
}

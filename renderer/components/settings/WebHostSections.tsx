// What Settings says on the web host in place of the sections only the desktop app can honour:
// a browser tab hears keys only while it has the focus, and has no way to read the time away
// from the system (the desktop app reads it from the session; main/shell/idle.ts).

import { t } from '../../app/words';

export function WebHostShortcuts() {
  return (
    <section class="panel" aria-labelledby="settings-shortcuts" data-testid="shortcuts-web-host">
      <h2 id="settings-shortcuts">{t('window-shortcuts.title')}</h2>
      <p class="hint">{t('window-shortcuts.web-host', { slash: '/', command: 'stint toggle' })}</p>
    </section>
  );
}

export function WebHostIdle() {
  return (
    <section class="panel" aria-labelledby="settings-idle" data-testid="idle-web-host">
      <h2 id="settings-idle">{t('window-settings.idle')}</h2>
      <p class="hint">{t('window-settings.idle-web-host')}</p>
    </section>
  );
}

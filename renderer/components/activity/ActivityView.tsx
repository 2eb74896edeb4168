// The sync ledger (#activity, issue 14): the last changes sent to the service, newest first, each
// with its state in words, how long it took and the service's id or message; above them, what each
// account still has to send. It asks main when opened and again at each new snapshot (a change
// settled or failed), and saves the same as JSON for a support request.

import { useEffect, useState } from 'preact/hooks';
import type { Activity } from '../../../common/activity';
import type { StintBridge } from '../../../common/contract';
import type { ActionError } from '../../../common/result';
import { useSnapshot } from '../../hooks';
import { t, words } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { IN_SENTENCE, inSentence } from '../inSentence';
import { useTheme } from '../../app/theme';
import { useQuickEntryKey } from '../../windowKeys';
import { ActivityTable } from './ActivityTable';
import { saveFile } from './saveFile';

export function ActivityView({ bridge }: { bridge: StintBridge }) {
  const { snapshot } = useSnapshot(bridge);
  useTheme(snapshot?.settings.theme);
  useQuickEntryKey(bridge);
  const [activity, setActivity] = useState<Activity | null>(null);
  const [error, setError] = useState<ActionError | null>(null);

  useEffect(() => {
    let live = true;
    void bridge.getActivity({}).then((result) => {
      if (!live) return;
      if (result.ok) setActivity(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [bridge, snapshot]);

  const exportJson = async () => {
    const result = await bridge.exportActivity({});
    if (!result.ok) return setError(result.error);
    setError(null);
    saveFile(result.value.fileName, result.value.json, 'application/json');
  };

  return (
    <div class="app activity" lang={words.value.locale} dir={words.value.dir}>
      <header class="bar">
        <h1>{t('window-activity.title')}</h1>
        <a class="bar-link" href="#main">
          {t('window-activity.back')}
        </a>
      </header>
      <main data-testid="activity" aria-busy={activity === null}>
        {activity === null ? (
          <p role="status">{error ? error.message : t('window-activity.loading')}</p>
        ) : (
          <>
            <section class="panel" aria-labelledby="waiting-heading">
              <h2 id="waiting-heading">{t('window-activity.still-to-send')}</h2>
              <ul class="activity-waiting" data-testid="activity-waiting">
                {activity.waitingByAccount.map((a) => (
                  <li key={a.accountId}>
                    {inSentence(
                      t('window-activity.waiting', { account: IN_SENTENCE, count: a.waiting }),
                      <span class="settings-account-label">{a.label}</span>,
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <section class="panel" aria-labelledby="changes-heading">
              <div class="activity-head">
                <h2 id="changes-heading">{t('window-activity.last-changes')}</h2>
                <button type="button" onClick={() => void exportJson()}>
                  {t('window-activity.export')}
                </button>
              </div>
              <ErrorLine error={error} />
              <ActivityTable entries={activity.entries} />
            </section>
          </>
        )}
      </main>
    </div>
  );
}

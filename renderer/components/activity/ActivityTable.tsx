// The ledger's changes as a table, newest first: when, what, state in words, how long it took,
// and the service's id or message.

import type { ActivityEntry } from '../../../common/activity';
import { answerWords, stateWords, tookWords, whenWords } from './activityWords';
import { useDateTime } from '../../dateTime';
import { t } from '../../app/words';

export function ActivityTable({ entries, now = Date.now() }: { entries: ActivityEntry[]; now?: number }) {
  const dates = useDateTime();
  if (entries.length === 0) return <p class="muted">{t('window-activity.nothing-sent')}</p>;
  return (
    // It scrolls sideways in a narrow window (its words never break inside one): reachable by the
    // keyboard to scroll it, and named for the screen reader that lands on it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys (WCAG 2.1.1, axe scrollable-region-focusable)
    <section class="activity-scroll" tabIndex={0} aria-label={t('window-activity.table-label')}>
      <table class="activity-table" data-testid="activity-table">
        <caption class="visually-hidden">{t('window-activity.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" class="nowrap">
              {t('window-activity.when')}
            </th>
            <th scope="col">{t('window-activity.what')}</th>
            <th scope="col" class="nowrap">
              {t('window-activity.state')}
            </th>
            <th scope="col" class="nowrap">
              {t('window-activity.took')}
            </th>
            <th scope="col">{t('window-activity.answer')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-state={e.state}>
              <td class="nowrap">{whenWords(e.queuedAt, now, dates)}</td>
              <td>{e.what}</td>
              <td class={`nowrap activity-${e.state}`}>{stateWords(e.state)}</td>
              <td class="nowrap">{tookWords(e.tookMs)}</td>
              <td>{answerWords(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// What the quick-entry box understood so far, or why it cannot understand it yet: the day it logs
// to, the time, the project (new ones marked, likely typos of a known one questioned), tags, note.

import { lineStores } from '../../common/lineStores';
import { t } from '../app/words';
import { dayName, roundedWords } from '../entryWords';
import type { QuickEntry } from '../../common/quickEntry';
import type { ProjectView } from '../../common/snapshot';
import { useMinutes, useTimeFormat } from '../timeFormat';

interface Props {
  parsed: QuickEntry;
  /** The projects: the time shown is rounded up to the named one's billing increment, as it will be stored. */
  projects: readonly ProjectView[];
  /** Local YYYY-MM-DD: the day is named relative to it. */
  today: string;
  /** The user pressed Enter once on a name flagged as a likely typo: the next Enter creates it. */
  confirming: boolean;
  /** Replaces the typed project name with the known one it is probably a typo of. */
  onUseSuggested(name: string): void;
}

export function QuickPreview({ parsed, projects, today, confirming, onUseSuggested }: Props) {
  const format = useTimeFormat();
  const formatMinutes = useMinutes();
  if (!parsed.ok) {
    return (
      <p class="preview invalid" id="quick-preview" data-testid="quick-preview" aria-live="polite">
        {parsed.words ? t(parsed.words.id, parsed.words.values) : parsed.message}
      </p>
    );
  }
  const day = dayName(parsed.date, today);
  // As main will queue it (main/core/calls/quickLine.ts): what the one function says it stores.
  const line = lineStores(parsed, projects);
  const stored = roundedWords(line.typedMinutes, line.increment, line.projectName ?? '', format);
  return (
    <div id="quick-preview" data-testid="quick-preview" aria-live="polite">
      <dl class="preview" aria-label={t('window-quick.willLog')}>
        <div>
          <dt>{t('window-quick.day')}</dt>
          <dd data-testid="preview-day">{day}</dd>
        </div>
        <div>
          <dt>{t('window-quick.time')}</dt>
          <dd>
            <span data-testid="preview-time">{formatMinutes(stored.minutes)}</span>
            {stored.why && (
              <span class="muted" data-testid="preview-rounding">
                {' '}
                {t('window-quick.why', { why: stored.why })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('window-quick.project')}</dt>
          <dd data-testid="preview-project">
            {parsed.projectName ?? <span class="muted">{t('window-quick.none')}</span>}
            {parsed.projectName && parsed.projectIsNew && <span class="badge new">{t('window-quick.newProject')}</span>}
          </dd>
        </div>
        {parsed.tags.length > 0 && (
          <div>
            <dt>{t('window-quick.tags')}</dt>
            <dd data-testid="preview-tags">
              {parsed.tags.map((tag) => (
                <span class="tag" key={tag}>
                  {tag.startsWith('#') ? tag : `#${tag}`}
                </span>
              ))}
            </dd>
          </div>
        )}
        {parsed.description && (
          <div>
            <dt>{t('window-quick.note')}</dt>
            <dd data-testid="preview-description" class="clamp" title={parsed.description}>
              {parsed.description}
            </dd>
          </div>
        )}
      </dl>
      {parsed.didYouMean && (
        <p class="typo" data-testid="preview-typo">
          {t('window-quick.didYouMean', { name: parsed.didYouMean })}{' '}
          <button type="button" class="link" onClick={() => onUseSuggested(parsed.didYouMean!)}>
            {t('window-quick.useSuggested', { name: parsed.didYouMean })}
          </button>{' '}
          {confirming
            ? t('window-quick.enterAgain', { name: parsed.projectName ?? '' })
            : t('window-quick.asksOnce', { name: parsed.projectName ?? '' })}
        </p>
      )}
    </div>
  );
}

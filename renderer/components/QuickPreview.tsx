// What the quick-entry box understood so far, or why it cannot understand it yet: the day it logs
// to, the time, the project (new ones marked, likely typos of a known one questioned), tags, note.

import { dayInWords } from '../../common/dayWords';
import { lineStores } from '../../common/lineStores';
import { storedMinutes } from '../../common/logPreview';
import type { QuickEntry } from '../../common/quickEntry';
import type { ProjectView } from '../../common/snapshot';
import { t, words } from '../app/words';
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
  const day = dayInWords(parsed.date, today, words.value.locale);
  // As main will queue it (main/core/calls/quickLine.ts): what the one function says it stores.
  const line = lineStores(parsed, projects);
  const stored = storedMinutes(line.typedMinutes, line.increment, line.projectName ?? '', format);
  return (
    <div id="quick-preview" data-testid="quick-preview" aria-live="polite">
      <dl class="preview" aria-label="Will log">
        <div>
          <dt>Day</dt>
          <dd data-testid="preview-day">{day.startsWith('on ') ? day.slice(3) : day}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            <span data-testid="preview-time">{formatMinutes(stored.minutes)}</span>
            {stored.why && (
              <span class="muted" data-testid="preview-rounding">
                {' '}
                ({stored.why})
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd data-testid="preview-project">
            {parsed.projectName ?? <span class="muted">none</span>}
            {parsed.projectName && parsed.projectIsNew && <span class="badge new">new project</span>}
          </dd>
        </div>
        {parsed.tags.length > 0 && (
          <div>
            <dt>Tags</dt>
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
            <dt>Note</dt>
            <dd data-testid="preview-description" class="clamp" title={parsed.description}>
              {parsed.description}
            </dd>
          </div>
        )}
      </dl>
      {parsed.didYouMean && (
        <p class="typo" data-testid="preview-typo">
          Did you mean {parsed.didYouMean}?{' '}
          <button type="button" class="link" onClick={() => onUseSuggested(parsed.didYouMean!)}>
            Use {parsed.didYouMean}
          </button>{' '}
          {confirming
            ? `Press Enter again to create the new project “${parsed.projectName}”.`
            : `Enter asks once more before creating “${parsed.projectName}”.`}
        </p>
      )}
    </div>
  );
}

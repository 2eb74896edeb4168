// What the quick-entry box understood so far, or why it cannot understand it yet.

import { formatMinutes } from '../../common/format';
import type { parseQuickEntry } from '../../common/quickEntry';

type Parsed = ReturnType<typeof parseQuickEntry>;

export function QuickPreview({ parsed }: { parsed: Parsed }) {
  if (!parsed.ok) {
    return (
      <p class="preview invalid" id="quick-preview" data-testid="quick-preview" aria-live="polite">
        {parsed.message}
      </p>
    );
  }
  return (
    <dl class="preview" id="quick-preview" data-testid="quick-preview" aria-live="polite" aria-label="Will log">
      <div>
        <dt>Time</dt>
        <dd data-testid="preview-time">{formatMinutes(parsed.minutes)}</dd>
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
  );
}

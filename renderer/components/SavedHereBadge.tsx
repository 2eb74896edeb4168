// The badge on an entry or timer the service has not confirmed yet: "saved here", and in full
// (title and screen readers) the status's words, "Saved here · sends when Work answers", as quick
// entry says it. Nothing once it is sent. The words are core's (main/core/views/saveStatus.ts).

import type { ShownStatus } from '../../common/snapshot';

export function SavedHereBadge({ status }: { status: ShownStatus }) {
  if (status.state !== 'saved here') return null;
  const { words } = status;
  return (
    <span class="badge" title={words} data-testid="saved-here">
      saved here<span class="visually-hidden"> · {words.replace(/^Saved here · /, '')}</span>
    </span>
  );
}

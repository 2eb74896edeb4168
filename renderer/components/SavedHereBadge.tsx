// The badge on an entry or timer the service has not confirmed yet: "saved here", and in full
// (title and screen readers) "Saved here · sends when Work answers", as quick entry says it.

import { useAccountName } from '../accountName';
import { savedHereWords } from '../quickEntryMessage';

export function SavedHereBadge() {
  const words = savedHereWords(useAccountName());
  return (
    <span class="badge" title={words} data-testid="saved-here">
      saved here<span class="visually-hidden"> · {words.replace(/^Saved here · /, '')}</span>
    </span>
  );
}

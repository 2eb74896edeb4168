// The badge on an entry or timer the service has not confirmed yet: "saved here", and in full
// (title and screen readers) the status's words, "Saved here · sends when Work answers", as quick
// entry says it. Nothing once it is sent. The words are core's (main/core/views/saveStatus.ts).

import type { ShownStatus } from '../../common/snapshot';
import { t } from '../app/words';
import { isolated } from '../../common/bidi';

export function SavedHereBadge({ status }: { status: ShownStatus }) {
  if (status.state !== 'saved here') return null;
  const account = isolated(status.account);
  return (
    <span class="badge" title={t('window-saved.savedHere', { account })} data-testid="saved-here">
      {t('window-saved.badge')}
      <span class="visually-hidden"> · {t('window-saved.sendsWhen', { account })}</span>
    </span>
  );
}

// The technical words behind a message in words (ECONNREFUSED, the address asked), closed until
// the user opens it: there for a report, out of the way otherwise.

import { t } from '../app/words';

export function Details({ text }: { text: string }) {
  return (
    <details class="details" data-testid="details">
      <summary>{t('window-common.details')}</summary>
      <code>{text}</code>
    </details>
  );
}

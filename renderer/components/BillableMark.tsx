// Whether an entry's minutes are billable, at a glance in a list: "$" for billable, the same "$"
// struck through for not billable; the difference is the stroke, not colour alone, and the mark
// has a name a screen reader says ("Billable", "Not billable").

import { t } from '../app/words';

/** Nothing while it is not known (an entry queued on a project not read yet). */
export function BillableMark({ billable }: { billable: boolean | undefined }) {
  if (billable === undefined) return null;
  const name = billable ? t('window-common.billable') : t('window-common.notBillable');
  return (
    <span
      class={billable ? 'billable-mark' : 'billable-mark unbillable'}
      role="img"
      aria-label={name}
      title={name}
      data-testid="billable-mark"
    >
      $
    </span>
  );
}

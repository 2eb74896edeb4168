// "(with Website's timer)": said wherever today's total counts the running timer's minutes (the
// Today panel, the week's heading and its Today line), one message in the window's language.

import { isolated } from '../../common/bidi';
import { t } from '../app/words';

/** The words beside a total that counts `project`'s running timer; null when none runs. */
export const withTimerWords = (project: string | null): string | null =>
  project === null ? null : t('window-today.withTimer', { project: isolated(project) });

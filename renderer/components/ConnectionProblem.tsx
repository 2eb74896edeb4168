// Why the service cannot be reached, while it cannot: in words under the header ("Cannot reach
// 127.0.0.1:5899: nothing answers there."), with what Stint does about it, and the system's own
// words behind Details. The header's status says Offline; this says why.

import type { Snapshot } from '../../common/snapshot';
import { t } from '../app/words';
import { Details } from './Details';

export function ConnectionProblem({ snapshot }: { snapshot: Snapshot }) {
  const problem = snapshot.online ? null : snapshot.connectionProblem;
  if (!problem) return null;
  return (
    <section class="panel connection-problem" aria-label={t('window-sync.connection')} data-testid="connection-problem">
      <p>{t('window-sync.problem', { problem: problem.message })}</p>
      <Details text={problem.detail} />
    </section>
  );
}

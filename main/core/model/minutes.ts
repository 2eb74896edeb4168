// The minutes an entry will get: written once in common/ (the window previews a log with them).

import { DEFAULT_BILLING_INCREMENT } from '../../../common/minutes';
import type { ProjectView } from '../../../common/snapshot';

export { DEFAULT_BILLING_INCREMENT, elapsedMinutes, roundUpToIncrement } from '../../../common/minutes';

/**
 * The increment an entry's minutes are rounded up to, as the service will: its project's, the
 * default for a project not read yet (one the service will create gets the default), 1 for an
 * entry on no project.
 */
export function billingIncrement(
  project: Pick<ProjectView, 'billingIncrement'> | undefined,
  onAProject = true,
): number {
  if (!onAProject) return 1;
  return project?.billingIncrement ?? DEFAULT_BILLING_INCREMENT;
}

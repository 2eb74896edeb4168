// The week's minutes per project: billable, unbillable and in all, most first.

import type { WeekProjectView } from '../../../common/snapshot';
import { useMinutes } from '../../timeFormat';
import { memo } from '../../memo';
import { ProjectDot } from '../ProjectDot';

/** Rendered again only when the projects' minutes changed (memo.ts). */
export const WeekProjects = memo(function WeekProjects({ projects }: { projects: readonly WeekProjectView[] }) {
  const formatMinutes = useMinutes();
  if (projects.length === 0) return <p class="empty">Nothing logged this week.</p>;
  return (
    <table class="week-projects" data-testid="week-projects">
      <caption>Per project</caption>
      <thead>
        <tr>
          <th scope="col">Project</th>
          <th scope="col">Billable</th>
          <th scope="col">Unbillable</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {projects.map((p) => (
          <tr key={p.projectName ?? ''}>
            <th scope="row">
              {p.projectName !== null && <ProjectDot color={p.color} />}
              {p.projectName ?? 'No project'}
            </th>
            <td>{formatMinutes(p.billableMinutes)}</td>
            <td>{formatMinutes(p.unbillableMinutes)}</td>
            <td>{formatMinutes(p.totalMinutes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

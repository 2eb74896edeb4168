// The week's minutes per project: billable, unbillable and in all, most first.

import type { WeekProjectView } from '../../../common/snapshot';
import { useMinutes } from '../../timeFormat';
import { memo } from '../../memo';
import { ProjectDot } from '../ProjectDot';
import { t } from '../../app/words';

/** Rendered again only when the projects' minutes changed (memo.ts). */
export const WeekProjects = memo(function WeekProjects({ projects }: { projects: readonly WeekProjectView[] }) {
  const formatMinutes = useMinutes();
  if (projects.length === 0) return <p class="empty">{t('window-week.weekEmpty')}</p>;
  return (
    <table class="week-projects" data-testid="week-projects">
      <caption>{t('window-week.perProject')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('window-week.project')}</th>
          <th scope="col">{t('window-week.billable')}</th>
          <th scope="col">{t('window-week.unbillable')}</th>
          <th scope="col">{t('window-week.total')}</th>
        </tr>
      </thead>
      <tbody>
        {projects.map((p) => (
          <tr key={p.projectName ?? ''}>
            <th scope="row">
              {p.projectName !== null && <ProjectDot color={p.color} />}
              {p.projectName ?? t('window-week.noProject')}
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

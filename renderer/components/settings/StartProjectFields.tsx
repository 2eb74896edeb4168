// The "start project N" shortcuts (Toggl #4912): nine slots, each a project of the open account
// and the keys that start (or resume) its timer, as the window's Start does. Folded away until one
// is set, so the three main shortcuts stay at hand.

import type { JSX } from 'preact';
import { PROJECT_SLOTS, type StartProjectName, type StartProjects } from '../../../common/settings';
import type { ProjectView } from '../../../common/snapshot';
import { t } from '../../app/words';

interface Props {
  projects: ProjectView[];
  chosen: StartProjects;
  /** Some slot already has keys or a project: shown open. */
  anySet: boolean;
  onChoose(name: StartProjectName, projectId: number | null): void;
  /** The shortcut field of a slot (ShortcutsSection's, as for the main commands). */
  field(name: StartProjectName): JSX.Element;
}

export function StartProjectFields({ projects, chosen, anySet, onChoose, field }: Props) {
  // Projects the service knows (an id above 0), the active ones; a chosen one archived since stays listed.
  const listed = projects.filter((p) => p.id > 0 && (p.enabled || Object.values(chosen).includes(p.id)));
  return (
    <details class="start-projects" open={anySet} data-testid="start-projects">
      <summary>{t('window-shortcuts.start-projects')}</summary>
      <p class="hint">{t('window-shortcuts.start-projects-hint')}</p>
      {PROJECT_SLOTS.map((n) => {
        const name = `startProject${n}` as const;
        const id = `start-project-${n}`;
        const value = chosen[name];
        return (
          <div class="start-project" key={name}>
            <label for={id}>{t('window-shortcuts.project-for', { slot: n })}</label>
            <select
              id={id}
              data-testid={id}
              value={value === null ? '' : String(value)}
              onChange={(e) => {
                const picked = e.currentTarget.value;
                onChoose(name, picked === '' ? null : Number(picked));
              }}
            >
              <option value="">{t('window-shortcuts.no-project')}</option>
              {value !== null && !listed.some((p) => p.id === value) ? (
                <option value={String(value)}>{t('window-shortcuts.other-account-project')}</option>
              ) : null}
              {listed.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
            {field(name)}
          </div>
        );
      })}
    </details>
  );
}

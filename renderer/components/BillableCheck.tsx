// The entry editor's Billable checkbox. The spec gives an entry no billable field to send: an
// entry is unbillable when its project is, or when its description carries an unbillable tag
// (#tag*). So the box edits the description field in front of the user (common/billableTags.ts),
// and Save sends it as every edit is sent, through the outbox. Its state is read from what the
// description and the project field say now, so typing a #tag* by hand ticks it off as well.

import { markBillable, marksUnbillable, markUnbillable, UNBILLABLE_TAG } from '../../common/billableTags';
import type { ProjectView } from '../../common/snapshot';
import { isolated } from '../../common/bidi';
import { t } from '../app/words';

export interface BillableChoice {
  /** The entry's tags the service said are unbillable (Entry.tags), by name. */
  unbillableTags: readonly string[];
}

interface Props extends BillableChoice {
  /** The form's id prefix. */
  base: string;
  description: string;
  /** The project field as typed: a project marked unbillable makes every entry on it unbillable. */
  project: string;
  projects: readonly ProjectView[];
  busy: boolean;
  onDescription(description: string): void;
}

export function BillableCheck({ base, description, project, projects, unbillableTags, busy, onDescription }: Props) {
  const name = project.trim().replace(/^@/, '');
  const unbillableProject = name ? projects.find((p) => p.name === name && p.billable === false) : undefined;
  const tagged = marksUnbillable(description, unbillableTags);
  const id = `${base}-billable`;
  const hint = unbillableProject
    ? t('window-common.billableHintProject', { name: isolated(unbillableProject.name) })
    : tagged
      ? t('window-common.billableHintTagged')
      : t('window-common.billableHintUntick', { tag: UNBILLABLE_TAG });
  return (
    <div class="edit-field">
      <label class="check" for={id}>
        <input
          id={id}
          type="checkbox"
          data-testid="edit-billable"
          checked={!unbillableProject && !tagged}
          disabled={busy || unbillableProject !== undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) =>
            onDescription(
              e.currentTarget.checked
                ? markBillable(description, unbillableTags)
                : markUnbillable(description, unbillableTags),
            )
          }
        />
        {t('window-common.billable')}
      </label>
      <p class="hint" id={`${id}-hint`} data-testid="edit-billable-hint" aria-live="polite">
        {hint}
      </p>
    </div>
  );
}

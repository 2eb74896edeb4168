// The inline form that fixes a failed operation: its fields prefilled with what was sent, Save
// sends the new values (main checks them and queues the operation again), Escape or Cancel leaves
// it as it was (EditForm).

import { t } from '../app/words';
import type { StintBridge } from '../../common/contract';
import type { FailedOperationView, ProjectView } from '../../common/snapshot';
import { EditForm } from './EditForm';

interface Props {
  op: FailedOperationView;
  projects: ProjectView[];
  bridge: StintBridge;
  /** Leaves the form: saved (the operation is queued again) or cancelled. */
  onClose(saved: boolean): void;
  /** Local YYYY-MM-DD: the Date field reads day words from it. */
  today?: string;
}

export function EditOperationForm({ op, projects, bridge, onClose, today }: Props) {
  return (
    <EditForm
      id={op.id}
      label={t('window-failed.editNamed', { what: op.summary })}
      fields={op.editable}
      projects={projects}
      testId="edit-operation"
      today={today}
      save={(changes) => bridge.editOperation({ id: op.id, changes })}
      onClose={onClose}
    />
  );
}

// Operations the service refused: nothing is dropped silently, so each waits here for the user to
// fix it (edit its values, where it has any), retry it (after fixing the cause elsewhere) or
// discard it.

import type { StintBridge } from '../../common/contract';
import { ellipsize, SUMMARY_IN_LABEL_MAX } from '../../common/cutText';
import type { FailedOperationView, ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { EditOperationForm } from './EditOperationForm';
import { ErrorLine } from './ErrorLine';
import { useInlineEdit } from '../inlineEdit';
import { t } from '../app/words';

interface Props {
  failed: FailedOperationView[];
  projects: ProjectView[];
  bridge: StintBridge;
  /** Local YYYY-MM-DD: an edit's Date field reads day words from it, as quick entry does. */
  today?: string;
}

export function FailedOperations({ failed, projects, bridge, today }: Props) {
  if (failed.length === 0) return null;
  return (
    <section class="panel attention" aria-labelledby="failed-heading" data-testid="failed-operations">
      <h2 id="failed-heading">{t('window-failed.title')}</h2>
      <ul class="failed">
        {failed.map((op) => (
          <FailedOperation key={op.id} op={op} projects={projects} bridge={bridge} today={today} />
        ))}
      </ul>
    </section>
  );
}

function FailedOperation({
  op,
  projects,
  bridge,
  today,
}: {
  op: FailedOperationView;
  projects: ProjectView[];
  bridge: StintBridge;
  today?: string;
}) {
  const action = useAction();
  const { editing, editButton, open, close } = useInlineEdit({ rowStaysWhenSaved: false });
  // The buttons' names carry the summary cut, as its line is clamped: not 3 000 characters each.
  const labelled = ellipsize(op.summary, SUMMARY_IN_LABEL_MAX);

  return (
    <li data-testid="failed-operation" aria-busy={action.busy}>
      <div class="failed-summary clamp" title={op.summary}>
        {op.summary}
      </div>
      <div class="failed-message">{op.message}</div>
      {editing ? (
        <EditOperationForm op={op} projects={projects} bridge={bridge} today={today} onClose={close} />
      ) : (
        <div class="actions">
          {op.editable.length > 0 && (
            <button
              type="button"
              ref={editButton}
              aria-label={t('window-failed.editNamed', { what: labelled })}
              onClick={() => {
                action.clear();
                open();
              }}
            >
              {t('window-failed.edit')}
            </button>
          )}
          <button
            type="button"
            aria-label={t('window-failed.retryNamed', { what: labelled })}
            onClick={() => action.run(() => bridge.retryOperation({ id: op.id }))}
          >
            {t('window-failed.retry')}
          </button>
          <button
            type="button"
            class="danger"
            aria-label={t('window-failed.discardNamed', { what: labelled })}
            onClick={() => action.run(() => bridge.discardOperation({ id: op.id }))}
          >
            {t('window-failed.discard')}
          </button>
        </div>
      )}
      <ErrorLine error={action.error} />
    </li>
  );
}

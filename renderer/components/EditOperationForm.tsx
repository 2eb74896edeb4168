// The inline form that fixes a failed operation: its fields prefilled with what was sent, Save
// sends the new values (main checks them and queues the operation again), Escape or Cancel leaves
// it as it was. A refusal is shown at the field it is about, and what was typed stays to be fixed.

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { EditableField, FailedOperationView, ProjectView } from '../../common/snapshot';
import { errorPlace, FIELD_HINTS, FIELD_LABELS, initialValues, type EditValues } from '../editFields';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

interface Props {
  op: FailedOperationView;
  projects: ProjectView[];
  bridge: StintBridge;
  /** Leaves the form: saved (the operation is queued again) or cancelled. */
  onClose(saved: boolean): void;
}

export function EditOperationForm({ op, projects, bridge, onClose }: Props) {
  const [values, setValues] = useState<EditValues>(() => initialValues(op.editable));
  const action = useAction();
  const first = useRef<HTMLInputElement>(null);
  const base = `edit-${op.id}`;
  const place = errorPlace(action.error, op.editable);

  // The form opens where the user asked for it: typing can begin at once. A layout effect, so the
  // focus moves before the browser handles the next key (an effect after paint could land in the
  // middle of the user's typing and split it between two fields).
  useLayoutEffect(() => first.current?.focus(), []);

  const save = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(() => bridge.editOperation({ id: op.id, changes: values }));
    if (result?.ok) onClose(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose(false);
  };

  const field = (name: EditableField, index: number) => {
    const id = `${base}-${name}`;
    const wrong = place === name;
    const hint = FIELD_HINTS[name];
    const describedBy = [wrong ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div class="edit-field" key={name}>
        <label for={id} class="label">
          {FIELD_LABELS[name]}
        </label>
        <input
          id={id}
          ref={index === 0 ? first : undefined}
          name={name}
          data-testid={`edit-${name}`}
          autocomplete="off"
          spellcheck={name === 'description'}
          list={name === 'project' ? `${base}-projects` : undefined}
          value={values[name] ?? ''}
          aria-invalid={wrong}
          aria-describedby={describedBy}
          readOnly={action.busy}
          onInput={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [name]: value }));
            if (wrong) action.clear();
          }}
        />
        {hint && (
          <p class="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        {wrong && <ErrorLine error={action.error} id={`${id}-error`} testId={`edit-error-${name}`} />}
      </div>
    );
  };

  return (
    <form class="edit-operation" aria-label={`Edit: ${op.summary}`} data-testid="edit-operation" onSubmit={save} onKeyDown={onKeyDown} noValidate>
      {op.editable.map((v, i) => field(v.field, i))}
      {op.editable.some((v) => v.field === 'project') && (
        <datalist id={`${base}-projects`}>
          {projects
            .filter((p) => p.enabled)
            .map((p) => (
              <option key={p.id} value={p.name} />
            ))}
        </datalist>
      )}
      {place === 'form' && <ErrorLine error={action.error} testId="edit-error" />}
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>
          Save
        </button>
        <button type="button" onClick={() => onClose(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

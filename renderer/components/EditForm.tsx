// The inline form that edits something the user did: a failed operation (EditOperationForm) or
// one of today's entries (Today). Its fields start from the current values, Save sends the new
// ones (main checks them), Escape or Cancel leaves it as it was. A refusal is shown at the field
// it is about, and what was typed stays to be fixed. A project name follows the one rule of
// common/projectName.ts: a new one is created (the form says so), and one that looks like a typo of
// a known project is questioned and takes a second Save.

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { checkProjectName } from '../../common/projectName';
import type { Result } from '../../common/result';
import type { EditableField, EditableValue, ProjectView } from '../../common/snapshot';
import { errorPlace, FIELD_HINTS, FIELD_LABELS, initialValues, timeRefusal, type EditValues } from '../editFields';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

interface Props {
  /** Unique in the page: the fields' ids are made from it. */
  id: string;
  /** The form's name for screen readers: what it edits. */
  label: string;
  fields: readonly EditableValue[];
  /** The projects the project field offers (the enabled ones). */
  projects: ProjectView[];
  /** Hints for this form's fields where they differ from the usual ones (editFields.ts). */
  hints?: Partial<Record<EditableField, string>>;
  testId: string;
  /** Sends the values; the form closes once the answer is ok. */
  save(values: EditValues): Promise<Result<unknown>>;
  /** Leaves the form: saved or cancelled. */
  onClose(saved: boolean): void;
}

export function EditForm({ id, label, fields, projects, hints, testId, save, onClose }: Props) {
  const [values, setValues] = useState<EditValues>(() => initialValues(fields));
  // The project name on which Save was pressed once despite its looking like a typo.
  const [confirmedName, setConfirmedName] = useState<string | null>(null);
  const names = projects.filter((p) => p.enabled).map((p) => p.name);
  const startName = initialValues(fields).project ?? '';
  const typedName = values.project ?? '';
  const nameCheck = typedName.trim() && typedName !== startName ? checkProjectName(typedName, names) : null;
  const typoOf = nameCheck?.ok && !nameCheck.known ? nameCheck.didYouMean : null;
  const action = useAction();
  const first = useRef<HTMLInputElement>(null);
  const base = `edit-${id}`;
  const place = errorPlace(action.error, fields);

  // The form opens where the user asked for it: typing can begin at once. A layout effect, so the
  // focus moves before the browser handles the next key (an effect after paint could land in the
  // middle of the user's typing and split it between two fields).
  useLayoutEffect(() => first.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (typoOf && confirmedName !== typedName) {
      setConfirmedName(typedName);
      return;
    }
    const refused = timeRefusal(values, fields);
    const result = await action.run(() => (refused ? Promise.resolve(refused) : save(values)));
    if (result?.ok) onClose(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose(false);
  };

  const field = (name: EditableField, index: number) => {
    const fieldId = `${base}-${name}`;
    const wrong = place === name;
    const hint = hints?.[name] ?? FIELD_HINTS[name];
    const describedBy =
      [wrong ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div class="edit-field" key={name}>
        <label for={fieldId} class="label">
          {FIELD_LABELS[name]}
        </label>
        <input
          id={fieldId}
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
          <p class="hint" id={`${fieldId}-hint`}>
            {hint}
          </p>
        )}
        {name === 'project' && !wrong && nameCheck && (
          <ProjectNameNote check={nameCheck} confirming={confirmedName === typedName} />
        )}
        {wrong && <ErrorLine error={action.error} id={`${fieldId}-error`} testId={`edit-error-${name}`} />}
      </div>
    );
  };

  return (
    <form
      class="edit-operation"
      aria-label={label}
      data-testid={testId}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      {fields.map((v, i) => field(v.field, i))}
      {fields.some((v) => v.field === 'project') && (
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

/** What a changed project name will do: a new project, refused as too long, or probably a typo. */
function ProjectNameNote({ check, confirming }: { check: ReturnType<typeof checkProjectName>; confirming: boolean }) {
  if (check.ok && check.known) return null;
  const text = !check.ok
    ? check.message
    : check.didYouMean
      ? `Did you mean ${check.didYouMean}? ${confirming ? `Save again to create the new project “${check.name}”.` : 'Save asks once more before creating a new project.'}`
      : `“${check.name}” is a new project; it will be created.`;
  return (
    <p class="hint" data-testid="edit-project-note" aria-live="polite">
      {text}
    </p>
  );
}

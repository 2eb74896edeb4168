// The inline form that edits something the user did: a failed operation (EditOperationForm) or
// one of today's entries (Today). Its fields start from the current values, Save sends the new
// ones (main checks them), Escape or Cancel leaves it as it was. A refusal is shown at the field
// it is about, and what was typed stays to be fixed. A project name follows the one rule of
// common/projectName.ts: a new one is created (the form says so), and one that looks like a typo of
// a known project is questioned and takes a second Save.

import type { ComponentChildren, Ref } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isFarBack, readDay } from '../../common/dayWords';
import { t } from '../app/words';
import { shortDay } from '../dateTime';
import { formatMinutes } from '../../common/format';
import { storedMinutes } from '../../common/logPreview';
import { billingIncrementOfName } from '../../common/minutes';
import { checkProjectName } from '../../common/projectName';
import { parseTimeString } from '../../common/timeString';
import type { ActionError, Result } from '../../common/result';
import type { EditableField, EditableValue, ProjectView } from '../../common/snapshot';
import { errorPlace, fieldHints, FIELD_LABELS, initialValues, timeRefusal, type EditValues } from '../editFields';
import { useAction } from '../hooks';
import { BillableCheck, type BillableChoice } from './BillableCheck';
import { useTimeFormat } from '../timeFormat';
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
  /** Local YYYY-MM-DD: a Date field is read from it (yesterday, mon), named in words, and a day far back asked about. */
  today?: string;
  /** An entry's form: a Billable checkbox, which edits the description the service's way (BillableCheck). */
  billable?: BillableChoice;
}

export function EditForm({ id, label, fields, projects, hints, testId, save, onClose, today, billable }: Props) {
  const [values, setValues] = useState<EditValues>(() => initialValues(fields));
  const { day, nameCheck, confirmingName, confirmingDate, asksAgain } = useSecondSave(values, fields, projects, today);
  const action = useAction();
  const first = useRef<HTMLInputElement>(null);
  const base = `edit-${id}`;
  const place = errorPlace(action.error, fields);
  const shownHints = fieldHints(useTimeFormat());

  // The form opens where the user asked for it: typing can begin at once. A layout effect, so the
  // focus moves before the browser handles the next key (an effect after paint could land in the
  // middle of the user's typing and split it between two fields).
  useLayoutEffect(() => first.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (asksAgain()) return;
    const refused = timeRefusal(values, fields);
    const result = await action.run(() => (refused ? Promise.resolve(refused) : save(values)));
    if (result?.ok) onClose(true);
  };

  const onKeyDown = cancelOnEscape(() => onClose(false));

  const field = (name: EditableField, index: number) => {
    const wrong = place === name;
    return (
      <EditFormField
        key={name}
        base={base}
        name={name}
        value={values[name] ?? ''}
        hint={hints?.[name] ?? shownHints[name]}
        error={wrong ? action.error : null}
        busy={action.busy}
        inputRef={index === 0 ? first : undefined}
        onValue={(value) => {
          setValues((v) => ({ ...v, [name]: value }));
          if (wrong) action.clear();
        }}
        note={
          wrong ? null : fieldNote(name, { values, fields, projects, nameCheck, confirmingName, day, confirmingDate })
        }
      />
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
      {billable && (
        <BillableCheck
          {...billable}
          base={base}
          description={values.description ?? ''}
          project={values.project ?? ''}
          projects={projects}
          busy={action.busy}
          onDescription={(description) => setValues((v) => ({ ...v, description }))}
        />
      )}
      {fields.some((v) => v.field === 'project') && <ProjectOptions id={`${base}-projects`} projects={projects} />}
      {place === 'form' && <ErrorLine error={action.error} testId="edit-error" />}
      <SaveOrCancel busy={action.busy} onCancel={() => onClose(false)} />
    </form>
  );
}

/** The form's buttons: Save submits it, Cancel leaves it as it was. */
function SaveOrCancel({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" disabled={busy}>
        {t('window-entries.save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('window-entries.cancel')}
      </button>
    </div>
  );
}

interface NoteFacts {
  values: EditValues;
  fields: readonly EditableValue[];
  projects: ProjectView[];
  nameCheck: ReturnType<typeof checkProjectName> | null;
  confirmingName: boolean;
  day: TypedDay | null;
  confirmingDate: boolean;
}

/** The note under a field that is not refused: what its changed value will do, if anything. */
function fieldNote(name: EditableField, facts: NoteFacts): ComponentChildren {
  const { values, fields, projects, nameCheck, confirmingName, day, confirmingDate } = facts;
  return name === 'project' && nameCheck ? (
    <ProjectNameNote check={nameCheck} confirming={confirmingName} />
  ) : name === 'time' ? (
    <StoredTimeNote values={values} fields={fields} projects={projects} />
  ) : name === 'date' && day ? (
    <DayNote day={day} confirming={confirmingDate} />
  ) : null;
}

/**
 * The checks that make Save ask once more: a project name that looks like a typo of a known one,
 * and a date more than a year back. `asksAgain` is called on Save: true (and remembered, so the
 * next Save goes through) when this Save only asks.
 */
function useSecondSave(
  values: EditValues,
  fields: readonly EditableValue[],
  projects: ProjectView[],
  today: string | undefined,
) {
  // The project name on which Save was pressed once despite its looking like a typo.
  const [confirmedName, setConfirmedName] = useState<string | null>(null);
  // The date on which Save was pressed once although it lies more than a year back.
  const [confirmedDate, setConfirmedDate] = useState<string | null>(null);
  const day = typedDay(values, fields, today);
  const names = projects.filter((p) => p.enabled).map((p) => p.name);
  const startName = initialValues(fields).project ?? '';
  const typedName = values.project ?? '';
  const nameCheck = typedName.trim() && typedName !== startName ? checkProjectName(typedName, names) : null;
  const typoOf = nameCheck?.ok && !nameCheck.known ? nameCheck.didYouMean : null;
  const asksAgain = () => {
    if (typoOf && confirmedName !== typedName) {
      setConfirmedName(typedName);
      return true;
    }
    if (day?.farBack && confirmedDate !== day.date) {
      setConfirmedDate(day.date);
      return true;
    }
    return false;
  };
  return {
    day,
    nameCheck,
    confirmingName: confirmedName === typedName,
    confirmingDate: day !== null && confirmedDate === day.date,
    asksAgain,
  };
}

/** Escape leaves the form as it was, and goes no further (an outer Escape would close more). */
function cancelOnEscape(cancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };
}

/** The enabled projects, offered by the project field. */
function ProjectOptions({ id, projects }: { id: string; projects: ProjectView[] }) {
  return (
    <datalist id={id}>
      {projects
        .filter((p) => p.enabled)
        .map((p) => (
          <option key={p.id} value={p.name} />
        ))}
    </datalist>
  );
}

interface FieldProps {
  /** The form's id prefix: the field's ids are made from it. */
  base: string;
  name: EditableField;
  value: string;
  hint: string | undefined;
  /** The refusal about this field; null when it is not the one refused. */
  error: ActionError | null;
  busy: boolean;
  inputRef: Ref<HTMLInputElement> | undefined;
  onValue: (value: string) => void;
  /** A note under the field (what a changed project name will do). */
  note: ComponentChildren;
}

/** One field of the form: its label, input, hint, note and the refusal about it. */
function EditFormField({ base, name, value, hint, error, busy, inputRef, onValue, note }: FieldProps) {
  const fieldId = `${base}-${name}`;
  const wrong = error !== null;
  const describedBy =
    [wrong ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div class="edit-field">
      <label for={fieldId} class="label">
        {t(FIELD_LABELS[name])}
      </label>
      <input
        id={fieldId}
        ref={inputRef}
        name={name}
        data-testid={`edit-${name}`}
        autocomplete="off"
        spellcheck={name === 'description'}
        list={name === 'project' ? `${base}-projects` : undefined}
        value={value}
        aria-invalid={wrong}
        aria-describedby={describedBy}
        readOnly={busy}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {hint && (
        <p class="hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      )}
      {note}
      {wrong && <ErrorLine error={error} id={`${fieldId}-error`} testId={`edit-error-${name}`} />}
    </div>
  );
}

/**
 * What Save will store when the project's billing increment rounds the typed time up: "Saves 0:30
 * (0:20 rounded up to Remote's 30 minutes)". Only where the form names the project; nothing when
 * the time is unchanged or unreadable (the refusal says that).
 */
function StoredTimeNote({
  values,
  fields,
  projects,
}: {
  values: EditValues;
  fields: readonly EditableValue[];
  projects: readonly ProjectView[];
}) {
  const format = useTimeFormat();
  if (!fields.some((v) => v.field === 'project')) return null;
  const time = parseTimeString(values.time ?? '');
  if (!time.ok) return null;
  const name = (values.project ?? '').trim().replace(/^@/, '');
  const stored = storedMinutes(time.minutes, billingIncrementOfName(projects, name), name, format);
  if (!stored.why) return null;
  return (
    <p class="hint" data-testid="edit-time-note" aria-live="polite">
      Saves {formatMinutes(stored.minutes, format)} ({stored.why})
    </p>
  );
}

interface TypedDay {
  /** YYYY-MM-DD */
  date: string;
  /** "Tue 3 Mar" */
  words: string;
  farBack: boolean;
}

/** The day a changed Date field means, read as quick entry reads days; null when unchanged, unreadable (main says why) or no today is known. */
function typedDay(values: EditValues, fields: readonly EditableValue[], today: string | undefined): TypedDay | null {
  const before = fields.find((v) => v.field === 'date')?.value;
  const typed = values.date?.trim();
  if (today === undefined || before === undefined || !typed || typed === before) return null;
  const day = readDay(typed, today);
  if (!day.ok || day.date === before) return null;
  return { date: day.date, words: shortDay(day.date, today), farBack: isFarBack(day.date, today) };
}

/** Where Save moves the entry ("Moves to Tue 3 Mar"), and, for a day more than a year back, that Save asks once more. */
function DayNote({ day, confirming }: { day: TypedDay; confirming: boolean }) {
  const text = !day.farBack
    ? t('window-entries.movesTo', { day: day.words })
    : t('window-entries.farBack', { day: day.words, confirming: confirming ? 'yes' : 'no' });
  return (
    <p class="hint" data-testid="edit-date-note" aria-live="polite">
      {text}
    </p>
  );
}

/** What a changed project name will do: a new project, refused as too long, or probably a typo. */
function ProjectNameNote({ check, confirming }: { check: ReturnType<typeof checkProjectName>; confirming: boolean }) {
  if (check.ok && check.known) return null;
  const text = !check.ok
    ? check.message
    : check.didYouMean
      ? t('window-entries.didYouMean', {
          suggested: check.didYouMean,
          name: check.name,
          confirming: confirming ? 'yes' : 'no',
        })
      : t('window-entries.newProject', { name: check.name });
  return (
    <p class="hint" data-testid="edit-project-note" aria-live="polite">
      {text}
    </p>
  );
}

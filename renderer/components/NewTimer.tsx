// Starts a timer on a project picked from the list (the most recently used first), or on a new
// project created from the typed name (one that looks like a typo of a known one is questioned).
// Its note field shows once a project is typed, so the form is one line on a busy day.

import { useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { projectsRecentFirst } from '../../common/projectOrder';
import { checkProjectName } from '../../common/projectName';
import { type ActionError, ok } from '../../common/result';
import { refuse, said } from '../../common/refusal';
import { isolated } from '../../common/bidi';
import { t } from '../app/words';
import { Said } from './Said';
import type { ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { focusWhenShown } from '../focusAfter';
import { ErrorLine } from './ErrorLine';
import { type TimeSoFar, TimeSoFarQuestion } from './TimeSoFarQuestion';

interface Props {
  projects: ProjectView[];
  /** Snapshot.recentProjectIds: offered first. */
  recentProjectIds?: readonly number[];
  bridge: StintBridge;
}

export function NewTimer({ projects, recentProjectIds = [], bridge }: Props) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const enabled = projectsRecentFirst(projects, recentProjectIds);
  const typed = name.trim();
  const existing = projects.find((p) => p.name.toLowerCase() === typed.toLowerCase());
  const cleared = () => {
    setName('');
    setNote('');
  };
  const { action, asking, start, answer } = useStartTimer({ bridge, typed, existing, note, cleared });
  const projectField = useRef<HTMLInputElement>(null);

  return (
    <form class="new-timer" aria-label={t('window-timers.newTimer')} onSubmit={start} noValidate>
      <div class="row">
        <label class="grow">
          <span class="label">{t('window-timers.project')}</span>
          <input
            ref={projectField}
            name="project"
            list="project-names"
            autocomplete="off"
            placeholder={t('window-timers.projectPlaceholder')}
            value={name}
            aria-invalid={action.error?.field === 'project' || action.error?.field === 'name'}
            aria-describedby={action.error ? 'new-timer-error' : undefined}
            onInput={(e) => {
              setName(e.currentTarget.value);
              action.clear();
            }}
          />
        </label>
        <button type="submit" class="primary" disabled={action.busy}>
          {typed && !existing ? t('window-timers.createAndStart') : t('window-timers.start')}
        </button>
      </div>
      <datalist id="project-names">
        {enabled.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
      {/* The note is asked once a project is picked: the empty form stays one line. */}
      {(typed || note) && (
        <label>
          <span class="label">{t('window-timers.noteOptional')}</span>
          <input
            name="note"
            autocomplete="off"
            placeholder={t('window-timers.notePlaceholder')}
            value={note}
            onInput={(e) => setNote(e.currentTarget.value)}
          />
        </label>
      )}
      {typed && !existing && <NewNameHint typed={typed} names={enabled.map((p) => p.name)} />}
      {asking && (
        <TimeSoFarQuestion
          question={asking.question}
          busy={action.busy}
          onAnswer={(a) => {
            // Answered: the question (and the cleared note) leave; the user goes on from the project field.
            void answer(a).then(() => focusWhenShown(() => projectField.current));
          }}
        />
      )}
      <ErrorLine error={action.error} id="new-timer-error" testId="new-timer-error" />
    </form>
  );
}

interface StartTimerInput {
  bridge: StintBridge;
  /** The typed project name, trimmed. */
  typed: string;
  /** The known project of that name; none when a new one is to be created. */
  existing: ProjectView | undefined;
  note: string;
  /** Empties the form once the timer runs. */
  cleared: () => void;
}

/** Start (creating the typed project first when it is new), and the answer to main's question about time so far. */
function useStartTimer({ bridge, typed, existing, note, cleared }: StartTimerInput) {
  const action = useAction();
  // main's question about the project's timer's time so far (TimeSoFarQuestion), with what to start once answered.
  const [asking, setAsking] = useState<{ question: ActionError; projectId: number; description: string } | null>(null);

  const start = async (event: Event) => {
    event.preventDefault();
    let asked = false;
    const result = await action.run(async () => {
      if (!typed)
        return refuse('invalid_input', said('refusals.pickProject'), 'Pick a project or type a new name.', 'project');
      let projectId = existing?.id;
      if (projectId === undefined) {
        const created = await bridge.createProject({ name: typed });
        if (!created.ok) return created;
        projectId = created.value.projectId;
      }
      const description = note.trim();
      const started = await bridge.startTimer(description ? { projectId, description } : { projectId });
      if (!started.ok && started.error.field === 'timeSoFar') {
        asked = true;
        setAsking({ question: started.error, projectId, description });
        return ok(null);
      }
      // Two calls, so the service may refuse the new project in between: then say where to look.
      if (!started.ok && !existing && started.error.code === 'not_found') {
        return refuse(
          'rejected',
          said('refusals.projectNotCreated', { name: isolated(typed) }),
          `“${typed}” could not be created; see “Not saved” above.`,
          'project',
        );
      }
      return started;
    });
    // Asked: what was typed stays until the question is answered.
    if (result?.ok && !asked) cleared();
  };
  const answer = async (timeSoFar: TimeSoFar | null) => {
    if (!asking || !timeSoFar) return setAsking(null);
    const { projectId, description } = asking;
    const result = await action.run(() => bridge.startTimer({ projectId, description, timeSoFar }));
    setAsking(null);
    if (result?.ok) cleared();
  };
  return { action, asking, start, answer };
}

/** What a new name will do: be created, unless the service cannot take it; a likely typo is named. */
function NewNameHint({ typed, names }: { typed: string; names: string[] }) {
  const checked = checkProjectName(typed, names);
  if (!checked.ok) return <p class="hint">{t(checked.words.id, checked.words.values)}</p>;
  const typo = !checked.known ? checked.didYouMean : null;
  return (
    <p class="hint" data-testid="new-timer-hint">
      {typo === null ? (
        <Said id={'window-timers.newProjectHint'} values={{ name: typed }} />
      ) : (
        <Said id={'window-timers.newProjectHintTypo'} values={{ name: typed, known: typo }} />
      )}
    </p>
  );
}

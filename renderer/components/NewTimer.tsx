// Starts a timer on a project picked from the list (the most recently used first), or on a new
// project created from the typed name (one that looks like a typo of a known one is questioned).
// Its note field shows once a project is typed, so the form is one line on a busy day.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { projectsRecentFirst } from '../../common/projectOrder';
import { checkProjectName } from '../../common/projectName';
import { fail } from '../../common/result';
import type { ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

interface Props {
  projects: ProjectView[];
  /** Snapshot.recentProjectIds: offered first. */
  recentProjectIds?: readonly number[];
  bridge: StintBridge;
}

export function NewTimer({ projects, recentProjectIds = [], bridge }: Props) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const action = useAction();
  const enabled = projectsRecentFirst(projects, recentProjectIds);
  const typed = name.trim();
  const existing = projects.find((p) => p.name.toLowerCase() === typed.toLowerCase());

  const start = async (event: Event) => {
    event.preventDefault();
    const result = await action.run(async () => {
      if (!typed) return fail('invalid_input', 'Pick a project or type a new name.', 'project');
      let projectId = existing?.id;
      if (projectId === undefined) {
        const created = await bridge.createProject({ name: typed });
        if (!created.ok) return created;
        projectId = created.value.projectId;
      }
      const description = note.trim();
      const started = await bridge.startTimer(description ? { projectId, description } : { projectId });
      // Two calls, so the service may refuse the new project in between: then say where to look.
      if (!started.ok && !existing && started.error.code === 'not_found') {
        return fail('rejected', `“${typed}” could not be created; see “Not saved” above.`, 'project');
      }
      return started;
    });
    if (result?.ok) {
      setName('');
      setNote('');
    }
  };

  return (
    <form class="new-timer" aria-label="New timer" onSubmit={start} noValidate>
      <div class="row">
        <label class="grow">
          <span class="label">Project</span>
          <input
            name="project"
            list="project-names"
            autocomplete="off"
            placeholder="Pick or type a new name"
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
          {typed && !existing ? 'Create & start' : 'Start'}
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
          <span class="label">Note (optional)</span>
          <input
            name="note"
            autocomplete="off"
            placeholder="What are you working on?"
            value={note}
            onInput={(e) => setNote(e.currentTarget.value)}
          />
        </label>
      )}
      {typed && !existing && <NewNameHint typed={typed} names={enabled.map((p) => p.name)} />}
      <ErrorLine error={action.error} id="new-timer-error" testId="new-timer-error" />
    </form>
  );
}

/** What a new name will do: be created, unless the service cannot take it; a likely typo is named. */
function NewNameHint({ typed, names }: { typed: string; names: string[] }) {
  const checked = checkProjectName(typed, names);
  if (!checked.ok) return <p class="hint">{checked.message}</p>;
  const typo = !checked.known && checked.didYouMean ? ` Did you mean ${checked.didYouMean}?` : '';
  return (
    <p class="hint" data-testid="new-timer-hint">
      “{typed}” is a new project; it will be created.{typo}
    </p>
  );
}

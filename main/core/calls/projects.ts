// The project calls: creating one, and what a new project may be named.

import type { Handlers } from '../../../common/contract';
import { ok, type Result } from '../../../common/result';
import type { Snapshot } from '../../../common/snapshot';
import { cleanName, projectNamed } from '../model/editedEntry';
import { newProjectColor } from '../model/newProjectColor';
import type { Decisions } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';

export function projectHandlers(decisions: Decisions, queue: OutboxQueue): Pick<Handlers, 'createProject'> {
  return {
    createProject: ({ name }) =>
      decisions.act(async (now, snap) => {
        const clean = newProjectName(name, snap);
        if (!clean.ok) return clean;
        // Until the service gives it an id, the project goes by a negative one, unique in the queue.
        let localId = 0;
        const color = newProjectColor(snap.projects);
        await queue.enqueue(now, (_id, seq) => ({
          kind: 'createProject',
          localId: (localId = -seq),
          name: clean.value,
          color,
        }));
        return ok({ projectId: localId });
      }),
  };
}

/** A name for a new project: spaces tidied, not empty, and not one the user has already. */
export function newProjectName(typed: string, snap: Snapshot): Result<string> {
  const name = cleanName(typed);
  if (name === '')
    return refuse('invalid_input', said('refusals.projectNameEmpty'), 'Enter a name for the project.', 'name');
  const taken = projectNamed(snap, name);
  return taken
    ? refuse(
        'invalid_input',
        said('refusals.projectNameTaken', { name: isolated(taken.name) }),
        `There is already a project named ${taken.name}.`,
        'name',
      )
    : ok(name);
}

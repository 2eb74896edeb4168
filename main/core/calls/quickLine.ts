// One line of quick entry turned into the entry it queues and what the user is told: shared by
// quickEntry (one line typed in the window) and logLines (a pasted day, lines piped to `stint
// log`), so a line means the same wherever it comes from.

import type { LoggedEntry } from '../../../common/contract';
import { archivedMessage, archivedWords } from '../../../common/archivedProject';
import { refuse } from '../../../common/refusal';
import { lineStores } from '../../../common/lineStores';
import type { Locale } from '../../../common/i18n/locales';
import { parseQuickEntry } from '../../../common/quickEntry';
import { fail, ok, type Result } from '../../../common/result';
import type { Snapshot } from '../../../common/snapshot';
import { newProjectColor } from '../model/newProjectColor';
import { entryMarker, type OperationBody } from '../model/operations';

export interface QuickLine {
  /** The createEntry operation, given the operation's id (its marker is made from it). */
  entry(id: string): OperationBody;
  logged: LoggedEntry;
}

/** The colour a project a line names for the first time is created with, by its name. */
export type NewColor = (projectName: string) => string;

/**
 * The colours of the projects one call creates: each new name its own, chosen among the user's
 * projects and those named before it in the same call (a pasted day's two new projects once both
 * got the colour fewest projects wore), and a name written twice the same.
 */
export function newColors(snap: Snapshot): NewColor {
  const given = new Map<string, string>();
  return (name) => {
    const key = name.toLowerCase();
    let color = given.get(key);
    if (color === undefined) {
      color = newProjectColor([...snap.projects, ...[...given.values()].map((c) => ({ color: c }))]);
      given.set(key, color);
    }
    return color;
  };
}

/** `today`: the local date the day words count from; `colorOf`: a new project's colour; `locale`: the typist's language, read besides English. */
export function readQuickLine(
  text: string,
  snap: Snapshot,
  today: string,
  { colorOf = newColors(snap), locale = 'en' }: { colorOf?: NewColor; locale?: Locale | undefined } = {},
): Result<QuickLine> {
  const parsed = parseQuickEntry(
    text,
    snap.projects.map((p) => p.name),
    today,
    locale,
  );
  if (!parsed.ok) {
    if (!parsed.words) return fail('invalid_input', parsed.message, parsed.field);
    // In the typist's language too, where it is not English (the window and `stint` say it so).
    return {
      ok: false,
      error: { code: 'invalid_input', message: parsed.message, field: parsed.field, words: parsed.words },
    };
  }
  const project = parsed.projectIsNew ? undefined : snap.projects.find((p) => p.name === parsed.projectName);
  if (project && !project.enabled)
    return refuse('invalid_input', archivedMessage(project.name), archivedWords(project.name), 'project');
  const color = parsed.projectIsNew && parsed.projectName ? colorOf(parsed.projectName) : null;
  return ok({
    entry: (id) => ({
      kind: 'createEntry',
      date: parsed.date,
      minutes: parsed.minutes,
      description: parsed.description,
      projectId: project?.id ?? null,
      projectName: parsed.projectName,
      ...(color ? { newProjectColor: color } : {}),
      marker: entryMarker(id),
    }),
    // What the service will store, by the function every preview calls, so the answer says what lands.
    logged: lineStores(parsed, snap.projects),
  });
}

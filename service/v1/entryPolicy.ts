// How v1 (spec 002) decides what the entry commands leave to each API
// (domain/entryCommands/entryPolicy.ts): its lock rule, stricter than v2's, and its refusals'
// words (v1/errors.ts: 422, as spec 002 lists no 403).
import { changesOthersEntries } from '../auth/permissions';
import type { EntryPolicy } from '../domain/entryCommands/entryPolicy';
import { getProject } from '../domain/projects';
import { invalid, notAllowed, notFound } from './errors';

export const v1EntryPolicy: EntryPolicy = {
  /** Spec 002 PUT and DELETE: "entry must not be invoiced nor in an archived project"; nor approved (v2's rule). */
  async refuseLocked(tx, actor, entry) {
    if (!entry) throw notFound('Entry not found'); // deleted since the first read
    if (entry.user_id !== actor.userId && !changesOthersEntries(actor))
      throw notAllowed("your role cannot change other users' entries");
    if (entry.invoiced_at !== null || entry.invoice_id !== null)
      throw invalid('The entry is invoiced: it cannot change');
    if (entry.approved_at !== null) throw invalid('The entry is approved and locked: unapprove it first');
    const project = entry.project_id === null ? undefined : await getProject(tx, actor.accountId, entry.project_id);
    if (project && !project.enabled)
      throw invalid(`The entry is in the archived project "${project.name}": it cannot change`);
    return { entry, project };
  },
  othersEntries: () => notAllowed('your role cannot log time for other users'),
  unknownTags: (tags) =>
    notAllowed(`your role cannot create tags, and ${tags.map((t) => `"${t.name}"`).join(', ')} do not exist`),
  exactMinutes: true,
  relinksSameDescription: true,
  keptTags: () => [],
};

/** Spec 002 "Limits": the same entry submitted again within one minute (single creates only). */
export const v1Duplicate = () =>
  invalid('The exact same entry was submitted within the last minute: it is not logged twice');

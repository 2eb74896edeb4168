// POST /api/entries/import (spec 002): many entries in one request, for every role but
// freelancers. "422 nothing created: no items, or every entry references a missing or inactive
// user" — so an entry naming a missing or inactive user is skipped, and the others are made.
//
// Bodies:
//   XML (spec 002): <entries><entry>…create attributes…</entry>…</entries>
//   JSON (decided, the same shape): {"entries": [{…create attributes…}, …]}; an item may also be
//   wrapped as GET /api/entries answers it, {"entry": {…}}, and the body may be the bare array.
//   Keys as for a single create: project-id and project-name with hyphens in JSON.
//   Example: {"entries": [{"minutes": "1:30", "date": "2024-03-04", "user": "ann@example.com",
//             "project-name": "Website", "description": "meeting, layout"}]}
//
// Decided: at most MAX_IMPORT entries; any other invalid item (a time that does not parse, a
// bad date, an archived project, a role that may not log for that user, ...) refuses the whole
// import with 422 naming entries[i].field, and nothing is created; the 1-minute duplicate rule
// does not apply (an import may hold two equal entries). Minutes are stored as given. The
// answer is 200 with the created entries in the import's own hyphenated fields.
import type { FastifyInstance } from 'fastify';
import type { ValidationErrorItem } from '../../wire/serviceTypes';
import { restrictedToGivenProjects } from '../auth/permissions';
import { instant, type Context } from '../context';
import { getEntry } from '../domain/entries';
import { createEntry } from '../domain/entryCommands/createEntry';
import { IMPORTS_OF_ACCOUNT, narrowLock } from '../storage/narrowLocks';
import { v1Actor } from './auth';
import { isRecord, parseJson, rawBody, type Attributes } from './body';
import { readEntryInput, type EntryInput } from './entryInput';
import { v1EntryPolicy } from './entryPolicy';
import { chooseUser, newEntryOf } from './entryWrite';
import { invalid, notAllowed } from './errors';
import type { Format } from './format';
import { V1Input } from './input';
import { insertImport, markImported } from './imports';
import { sendList } from './reply';
import { route } from './route';
import { importedEntryView } from './views';
import { readXml } from './xml';

export const MAX_IMPORT = 1000;

function importItems(text: string, format: Format): Attributes[] {
  if (text.trim() === '') throw invalid('Nothing imported: the body holds no entries');
  let items: unknown;
  if (format === 'json') {
    const body = parseJson(text);
    items = Array.isArray(body) ? body : isRecord(body) ? body.entries : undefined;
    if (!Array.isArray(items)) throw invalid('The JSON body must be {"entries": [ … ]}');
    items = items.map((item) =>
      isRecord(item) && Object.keys(item).length === 1 && isRecord(item.entry) ? item.entry : item,
    );
  } else {
    const content = readXml(text, 'entries');
    if (content === '' || content === null) items = [];
    else if (!isRecord(content) || Object.keys(content).some((k) => k !== 'entry'))
      throw invalid('<entries> must hold <entry> elements only');
    else items = content.entry;
  }
  const list = items as unknown[];
  if (list.length > MAX_IMPORT) throw invalid(`An import holds at most ${MAX_IMPORT} entries`);
  list.forEach((item, i) => {
    if (!isRecord(item)) throw invalid(`entries[${i}] must be an entry's attributes`);
  });
  return list as Attributes[];
}

export function v1ImportRoute(api: FastifyInstance, context: Context): void {
  const { db } = context;

  route(api, 'POST', '/entries/import', async (request, reply) => {
    const actor = v1Actor(request);
    if (restrictedToGivenProjects(actor)) throw notAllowed('freelancers cannot import entries');
    const { text, format } = rawBody(request);
    const items = importItems(text, format);
    if (items.length === 0) throw invalid('Nothing imported: the body holds no entries');

    const inputs: EntryInput[] = [];
    const problems = { errors: [] as ValidationErrorItem[], messages: [] as string[] };
    items.forEach((item, i) => {
      const input = new V1Input(item, format, 'Entry', `entries[${i}].`);
      inputs.push(readEntryInput(input, true));
      if (input.errors.length) {
        problems.errors.push(...input.problems.errors);
        problems.messages.push(input.problems.message);
      }
    });
    if (problems.errors.length)
      throw invalid(`Invalid data, nothing imported: ${problems.messages.join('; ')}`, problems.errors);

    const ids = await db.transaction(
      async (tx) => {
        const at = instant(context);
        const chosen: Array<Awaited<ReturnType<typeof chooseUser>>> = [];
        for (const input of inputs) chosen.push(await chooseUser(tx, actor, input.user));
        chosen.forEach((c, i) => {
          if ('unusable' in c && !c.skipped)
            throw invalid(`Invalid data, nothing imported: entries[${i}].user: ${c.unusable}`, [
              { resource: 'Entry', field: `entries[${i}].user`, code: 'invalid' },
            ]);
        });
        if (chosen.every((c) => 'unusable' in c))
          throw invalid('Nothing imported: every entry names a missing or inactive user');
        const importId = await insertImport(tx, actor.accountId, actor.userId, at.iso);
        const created: number[] = [];
        for (const [i, input] of inputs.entries()) {
          const choice = chosen[i]!;
          if ('unusable' in choice) continue; // spec 002: skipped
          try {
            const { entry } = await createEntry(tx, {
              actor,
              entry: newEntryOf(input, choice.user, true),
              policy: v1EntryPolicy,
              at,
            });
            const id = entry.id;
            await markImported(tx, id, importId);
            created.push(id);
          } catch (error) {
            if (error instanceof Error) error.message = `entries[${i}]: ${error.message}`;
            throw error;
          }
        }
        return created;
      },
      // Imports of the account one at a time (narrowLocks.ts): each links many entries to many
      // tags in one transaction, and two of them would otherwise wait for each other's new tags.
      narrowLock(IMPORTS_OF_ACCOUNT, actor.accountId),
    );
    return sendList(request, reply, {
      listName: 'entries',
      itemName: 'entry',
      values: await Promise.all(ids.map(async (id) => importedEntryView((await getEntry(db, actor.accountId, id))!))),
    });
  });
}

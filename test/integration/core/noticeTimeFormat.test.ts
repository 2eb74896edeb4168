// The notices the outbox's senders compose are written in the user's time format (issue 22 item
// 9), as the rest of the window, and so are the Activity page's words for each change: a user who
// chose fractions on the service reads "0.08", not "0:05", once core has read their choice. Its
// own service, since the tests change the user.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { uniqueName } from '../../support/names';
import { until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';
import type { Core } from '../../../main/core/types';
import { must, startLocal, untilSynced, type Local } from './harness';

const MIN = 60_000;
let local: Local;
beforeAll(async () => {
  local = await startLocal();
});
afterAll(() => local?.close());
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

/** The user chooses fractions on the service, and core reads it. */
async function chooseFractions(core: Core): Promise<void> {
  await local.api.updateCurrentUser({ time_format: 'fraction' });
  await must(core.handlers.refresh({}));
  await until(() => core.getSnapshot().timeFormat === 'fraction', 'core to read the fraction format');
}

it("a fraction user's notice of time that could not be added to a paused timer reads in fractions", async () => {
  const core = await local.core(dir.path);
  const names = [uniqueName('Docs'), uniqueName('Other')];
  for (const name of names) await must(core.handlers.createProject({ name }));
  await untilSynced(core);
  const [paused, other] = names.map((n) => core.getSnapshot().projects.find((p) => p.name === n)!.id);
  await must(core.handlers.startTimer({ projectId: paused! }));
  await untilSynced(core);
  local.clock.pass(10 * MIN);
  // Starting the other pauses the first: adding to it then would have to start it (the service
  // changes only a running timer), which would pause the one in use, so the sender refuses.
  await must(core.handlers.startTimer({ projectId: other! }));
  await untilSynced(core);

  await chooseFractions(core);

  await must(core.handlers.adjustTimer({ projectId: paused!, minutes: 5 }));
  await until(() => core.getSnapshot().notices.length > 0, 'the notice');
  expect(core.getSnapshot().notices[0]!.message).toBe(
    `The 0.08 added to ${names[0]}'s paused timer could not be saved while another timer runs (starting it would pause that one); adjust it again once the other is paused.`,
  );
});

it("a fraction user's Activity says what each change was in fractions", async () => {
  const core = await local.core(dir.path);
  const name = uniqueName('Ledger');
  await must(core.handlers.createProject({ name }));
  await untilSynced(core);
  await chooseFractions(core);
  await must(core.handlers.quickEntry({ text: `0:20 @${name} standup` }));
  const entries = (await must(core.handlers.getActivity({}))).entries;
  // What the service stores: 0:20 rounded up to the new project's 15 minutes (issue 27 item 10).
  expect(entries[0]).toMatchObject({ what: `Log 0.50 on ${name}: standup`, kind: 'createEntry' });
});

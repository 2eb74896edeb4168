// An entry's row as Today lists it, and main as it answers Continue on a project whose timer holds
// time under another note (field 'timeSoFar'): shared by the tests of the row and of the question.
import { render } from '@testing-library/preact';
import type { RequestOf } from '../../../../common/contract';
import { fail, ok } from '../../../../common/result';
import { SENT } from '../../../../common/savedHere';
import type { EntryView } from '../../../../common/snapshot';
import { EntryRow } from '../../../../renderer/components/EntryRow';
import { fakeBridge } from '../../../support/fakeBridge';

export const entry: EntryView = {
  key: '41',
  id: 41,
  date: '2025-03-10',
  minutes: 30,
  description: 'call client',
  projectName: 'Website',
  projectId: 1,
  status: SENT,
};

export const QUESTION =
  "Website's timer has 0:40 on “write report”: log that time first, or keep it under “call client”.";

/** main as it answers: asks while the request says nothing of the time so far. */
export const asking = () =>
  fakeBridge({
    startTimer: async (request: RequestOf<'startTimer'>) =>
      request.timeSoFar ? ok(null) : fail('invalid_input', QUESTION, 'timeSoFar'),
  });

/** The entry's row, alone in a list; answers the bridge it was given. */
export function renderRow(shown: EntryView, bridge = asking()) {
  render(
    <ul>
      <EntryRow entry={shown} projects={[]} bridge={bridge} />
    </ul>,
  );
  return bridge;
}

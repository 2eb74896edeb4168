// The undo call: takes a discard or delete back while its grace runs. The check and the
// outbox's withdraw happen in one tick, and the worker only begins an item once the clock has
// passed its notBefore, so an undo that is accepted always beats the send (outbox.ts withdraw).

import { ok, type Result } from '../../../common/result';
import type { Outbox } from '../sync/outbox';
import { undoSummary } from '../model/undoGrace';
import { withinGraceItem } from '../sync/undoable';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';

export async function undoOperation(outbox: Outbox, id: string, now: number): Promise<Result<null>> {
  const item = outbox.items().find((i) => i.op.id === id);
  if (!item || !withinGraceItem(item)) return nothingToUndo();
  if (now >= item.op.notBefore!)
    return refuse(
      'invalid_input',
      said('refusals.undoTooLate', { summary: isolated(undoSummary(item.op)) }),
      `Too late to undo: “${undoSummary(item.op)}” is being sent to the service.`,
      'id',
    );
  if (!(await outbox.withdraw(id))) return nothingToUndo();
  return ok(null);
}

const nothingToUndo = () =>
  refuse(
    'not_found',
    said('refusals.nothingToUndo'),
    'There is nothing to undo by that id: it was sent or undone already.',
    'id',
  );

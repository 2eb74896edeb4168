// The undo call: takes a discard or delete back while its grace runs. The check and the
// outbox's withdraw happen in one tick, and the worker only begins an item once the clock has
// passed its notBefore, so an undo that is accepted always beats the send (outbox.ts withdraw).

import { fail, ok, type Result } from '../../../common/result';
import type { Outbox } from '../sync/outbox';
import { undoSummary } from '../model/undoGrace';
import { withinGraceItem } from '../sync/undoable';

export async function undoOperation(outbox: Outbox, id: string, now: number): Promise<Result<null>> {
  const item = outbox.items().find((i) => i.op.id === id);
  if (!item || !withinGraceItem(item))
    return fail('not_found', 'There is nothing to undo by that id: it was sent or undone already.', 'id');
  if (now >= item.op.notBefore!)
    return fail('invalid_input', `Too late to undo: “${undoSummary(item.op)}” is being sent to the service.`, 'id');
  if (!(await outbox.withdraw(id)))
    return fail('not_found', 'There is nothing to undo by that id: it was sent or undone already.', 'id');
  return ok(null);
}

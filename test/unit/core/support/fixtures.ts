// Small builders the core tests share.
import type { TimerView } from '../../../../common/snapshot';
import type { Result } from '../../../../common/result';

export const timerView = (
  projectId: number,
  projectName: string,
  state: TimerView['state'],
  seconds: number,
  asOf: number,
): TimerView => ({
  projectId,
  projectName,
  color: null,
  state,
  seconds,
  asOf,
  description: null,
  pending: false,
});

/** The value of a handler's answer; fails the test with the error when it is not ok. */
export async function must<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

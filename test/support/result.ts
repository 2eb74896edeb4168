// Reading a handler's Result in a test.
import type { Result } from '../../common/result';

/** The value of a handler's answer; fails the test with the error when it is not ok. */
export async function must<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

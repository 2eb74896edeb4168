// Validates an untrusted call (it arrives as unknown from IPC or a WebSocket) and runs its handler.
// Both transports go through here, so validation cannot differ between them.

import { channels, requests, type Channel, type Handlers } from './contract';
import { describeIssue } from './requestIssues';
import { fail, type Result } from './result';

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (channels as string[]).includes(name);
}

/**
 * What an unknown channel was, for the message. Not String(value): a parsed object whose toString
 * is not a function ({"toString": 1}) makes that throw, and a deeply nested array overflows the stack.
 */
function describe(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 60);
  if (Array.isArray(value)) return 'an array';
  return value !== null && typeof value === 'object' ? 'an object' : String(value);
}

export async function dispatch(handlers: Handlers, channel: unknown, argument: unknown): Promise<Result<unknown>> {
  if (!isChannel(channel)) return fail('invalid_argument', `Unknown call: ${describe(channel)}`);
  const parsed = requests[channel].safeParse(argument ?? {});
  if (!parsed.success) {
    // The first issue, in words, at its field: a form shows it where the value was typed.
    const issue = parsed.error.issues[0];
    const problem = issue ? describeIssue(issue) : { message: 'This request is not valid.', field: 'request' };
    return fail('invalid_argument', problem.message, problem.field);
  }
  try {
    const handler = handlers[channel] as (r: unknown) => Promise<Result<unknown>>;
    return await handler(parsed.data);
  } catch (error) {
    // A handler should answer fail(...) itself; this only keeps a bug from crossing the boundary raw.
    return fail('internal', error instanceof Error ? error.message : 'Unexpected error');
  }
}

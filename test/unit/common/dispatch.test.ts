// dispatch's answer to a request the contract refuses: the field named in words, at its path, so
// the form shows it where the value was typed; never zod's own text.
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../common/contract';
import { dispatch } from '../../../common/dispatch';

// No handler runs for a refused request.
const handlers = {} as Handlers;
const refusal = async (channel: string, request: unknown) => {
  const result = await dispatch(handlers, channel, request);
  if (result.ok) throw new Error(`${channel} was accepted`);
  return result.error;
};

describe('dispatch refusing a request', () => {
  it('names the field and its limit in words, at the field', async () => {
    const long = 'p'.repeat(300);
    expect(await refusal('editOperation', { id: 'op-1', changes: { time: 'abc', project: long } })).toEqual({
      code: 'invalid_argument',
      message: 'The project name is too long: at most 255 characters.',
      field: 'changes.project',
    });
    expect(await refusal('quickEntry', { text: 'x'.repeat(10_001) })).toEqual({
      code: 'invalid_argument',
      message: 'The entry is too long: at most 10,000 characters.',
      field: 'text',
    });
    expect(
      await refusal('updateEntry', { key: '41', time: '1:00', description: 'd'.repeat(10_001), project: '' }),
    ).toMatchObject({ message: 'The description is too long: at most 10,000 characters.', field: 'description' });
    expect(await refusal('updateSettings', { hotkeys: { quickEntry: 'Ctrl+'.repeat(30) } })).toMatchObject({
      message: 'The shortcut is too long: at most 100 characters.',
      field: 'hotkeys.quickEntry',
    });
    expect(await refusal('updateSettings', { theme: 'blue' })).toMatchObject({
      message: 'The theme must be one of: system, light, dark.',
      field: 'theme',
    });
    expect(
      await refusal('addAccountWithToken', { baseUrl: 'https://x.example', token: 't'.repeat(5000) }),
    ).toMatchObject({ message: 'The token is too long: at most 4,096 characters.', field: 'token' });
  });

  it('says what is missing or not taken, without zod’s words', async () => {
    expect(await refusal('editOperation', { id: 'op-1' })).toMatchObject({
      message: 'Part of this request (changes) is missing.',
      field: 'changes',
    });
    expect(await refusal('editOperation', { id: 'op-1', changes: { minutes: 5 } })).toMatchObject({
      message: 'Stint does not take minutes here.',
      field: 'changes',
    });
    const answers = [
      await refusal('createProject', { name: 5 }),
      await refusal('startTimer', { projectId: 0 }),
      await refusal('resolveIdle', { choice: 'later' }),
      await refusal('deleteEntry', { entryId: -1 }),
    ];
    for (const { message } of answers) expect(message).not.toMatch(/expected|received|Invalid|Too (big|small)|[<>]=/);
  });
});

import { describe, expect, it } from 'vitest';
import { idleNotification } from '../../../main/core/desktop/idle/notification';

const T0 = new Date(2025, 2, 10, 14, 5).getTime();
const prompt = {
  projectId: 1,
  projectName: 'Website',
  idleSince: T0,
  returnedAt: T0 + 42 * 60_000,
  idleSeconds: 42 * 60,
  timerRunning: true,
};

describe('the idle notification', () => {
  it('is shown once per return: the same prompt keeps its key, a read that stops the timer too', () => {
    const first = idleNotification(prompt)!;
    expect(first.body).toBe(
      'You were away 42 min (since 14:05) while Website ran. Open Stint to keep or discard that time.',
    );
    expect(idleNotification({ ...prompt, timerRunning: false })!.key).toBe(first.key);
    expect(idleNotification({ ...prompt, returnedAt: prompt.returnedAt + 60_000, idleSeconds: 43 * 60 })!.key).not.toBe(
      first.key,
    );
    expect(idleNotification(null)).toBeNull();
  });
});

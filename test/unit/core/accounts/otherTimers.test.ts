import { describe, expect, it } from 'vitest';
import type { Timer } from '../../../../main/api/types';
import { runningTimerViews } from '../../../../main/core/accounts/otherTimers';

const timer = (projectName: string, state: Timer['state'], seconds: number) =>
  ({ state, seconds, project: { id: 1, name: projectName } }) as Timer;

describe('runningTimerViews', () => {
  it("keeps only the running timers of another account, named by the account's label, timed from the read", () => {
    const views = runningTimerViews(
      { id: 'acc-work', label: 'Work' },
      [timer('Website', 'running', 62), timer('Backend', 'paused', 600), timer('Docs', 'pending', 0)],
      1_000,
    );
    expect(views).toEqual([
      {
        accountId: 'acc-work',
        accountLabel: 'Work',
        projectName: 'Website',
        state: 'running',
        seconds: 62,
        asOf: 1_000,
      },
    ]);
  });
});

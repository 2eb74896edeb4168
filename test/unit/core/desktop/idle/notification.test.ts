// The OS notification for time away: once per return, its clock time in the system's locale as the
// window writes it (common/dateTimeWords.ts, issue 27 item 11), not always a 24-hour "14:05".
import { describe, expect, it } from 'vitest';
import { dateTimeWords, intlLocale } from '../../../../../common/dateTimeWords';
import { idleNotification as idleNotificationIn } from '../../../../../main/core/desktop/idle/notification';
import { mainWords } from '../../../../../main/core/mainWords';
import type { IdlePromptView } from '../../../../../common/snapshot';

// In English, as before it had a language (notificationsLanguages.test.ts has German).
const idleNotification = (prompt: IdlePromptView | null, locale?: string) =>
  idleNotificationIn(prompt, mainWords('en'), locale);

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
    const first = idleNotification(prompt, 'en-GB')!;
    expect(first.body).toBe(
      'You were away 42 min (since 14:05) while Website ran. Open Stint to keep or discard that time.',
    );
    expect(idleNotification({ ...prompt, timerRunning: false })!.key).toBe(first.key);
    expect(idleNotification({ ...prompt, returnedAt: prompt.returnedAt + 60_000, idleSeconds: 43 * 60 })!.key).not.toBe(
      first.key,
    );
    expect(idleNotification(null)).toBeNull();
  });

  it('writes when the user left in the system locale’s clock, with the day when it was another day', () => {
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(idleNotification(prompt, 'en-US')!.body)).toContain('(since 2:05 PM)');
    expect(idleNotification(prompt, 'en-GB')!.body).toContain('(since 14:05)');
    expect(idleNotification(prompt)!.body).toContain(`(since ${dateTimeWords(intlLocale()).clock(T0)})`);
    const night = { ...prompt, idleSince: new Date(2025, 2, 9, 23, 30).getTime() };
    expect(idleNotification(night, 'en-GB')!.body).toContain('(since Sun, 9 Mar 2025 23:30)');
  });

  it('without a prompt asks nothing of Intl: every snapshot comes here, and the first date format loads ICU data (~5 MB at the open)', () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Real, {
      construct: (target, args) => {
        made++;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(idleNotification(null)).toBeNull();
      expect(made).toBe(0);
      expect(idleNotification(prompt)).not.toBeNull();
      expect(made).toBeGreaterThan(0);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});

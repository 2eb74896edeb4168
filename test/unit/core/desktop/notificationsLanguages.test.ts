// Main's notifications in the snapshot's language (issue 31): German words for a change the
// service refused, an account that must sign in again, the idle prompt and the working-hours reminder.
import { describe, expect, it } from 'vitest';
import type { AccountView, Snapshot } from '../../../../common/snapshot';
import { reminderNotification } from '../../../../main/core/desktop/reminder/notification';
import { idleNotification } from '../../../../main/core/desktop/idle/notification';
import { notificationsFor } from '../../../../main/core/desktop/notifications';
import { mainWords } from '../../../../main/core/mainWords';
import { snapshot as emptySnapshot } from '../../../support/snapshot';

const de = mainWords('de');
const account = (state: AccountView['state']): AccountView => ({
  id: 'work',
  label: 'Arbeit',
  kind: 'remote',
  baseUrl: 'https://time.example.com',
  auth: 'oauth',
  isDefault: true,
  isOpen: true,
  state,
  sessionOnly: false,
  problem: null,
});
const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  emptySnapshot({ locale: 'de', accounts: [account('ok')], ...over });

describe('the notifications in German', () => {
  it('tells of a refused change and of an account to sign in to again', () => {
    const failed = { id: 'a', summary: '1:30 für Website erfassen', message: 'Projekt ist archiviert', editable: [] };
    const after = snapshot({ outbox: { pending: 0, failed: [failed] }, accounts: [account('unauthorized')] });
    expect(notificationsFor(snapshot(), after, de)).toEqual([
      {
        id: 'failed:a',
        title: 'Stint konnte eine Änderung nicht speichern',
        body: '1:30 für Website erfassen: Projekt ist archiviert',
        action: 'show-window',
      },
      {
        id: 'account:work:unauthorized',
        title: 'Erneut bei Arbeit anmelden',
        body: 'Der Dienst akzeptiert die Anmeldung nicht mehr.',
        action: 'show-window',
      },
    ]);
  });

  it('asks about the time away in the window’s German sentence', () => {
    const T0 = new Date(2025, 2, 10, 14, 5).getTime();
    const prompt = {
      projectId: 1,
      projectName: 'Website',
      idleSince: T0,
      returnedAt: T0 + 42 * 60_000,
      idleSeconds: 42 * 60,
      timerRunning: true,
    };
    const shown = idleNotification(prompt, de, 'de-DE')!;
    expect(shown.title).toBe('Stint: Du warst weg');
    expect(shown.body).toBe(
      'Du warst 42 Min. weg (seit 14:05), während Website lief. Öffne Stint, um die Zeit zu behalten oder zu verwerfen.',
    );
  });

  it('reminds in working hours with German buttons', () => {
    expect(reminderNotification({ at: 1, lastProject: 'Website' }, de)).toEqual({
      title: 'Stint: Kein Timer läuft',
      body: 'Es ist innerhalb deiner Arbeitszeit. Starte Website erneut oder schiebe die Erinnerung 30 Minuten auf.',
      actions: [
        { text: 'Letzten starten', choice: 'start-last' },
        { text: '30 Min. später', choice: 'snooze' },
      ],
    });
  });
});

// @vitest-environment happy-dom
// The timers and the questions in another language, as a German, Arabic or Polish user meets them:
// every word from that language's catalog, the durations and names inside a sentence each in a
// <bdi> of their own (in Arabic "0:31" must not take the words beside it into its left-to-right
// run), a refusal said in the user's language, and Polish counted with its own plural forms.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createWords } from '../../../common/i18n/words';
import deTimers from '../../../common/i18n/catalogs/window-timers/de.json';
import deCommon from '../../../common/i18n/catalogs/window-common/de.json';
import deQuestions from '../../../common/i18n/catalogs/window-questions/de.json';
import deRefusals from '../../../common/i18n/catalogs/refusals/de.json';
import arTimers from '../../../common/i18n/catalogs/window-timers/ar.json';
import arCommon from '../../../common/i18n/catalogs/window-common/ar.json';
import arQuestions from '../../../common/i18n/catalogs/window-questions/ar.json';
import arRefusals from '../../../common/i18n/catalogs/refusals/ar.json';
import plTimers from '../../../common/i18n/catalogs/window-timers/pl.json';
import plCommon from '../../../common/i18n/catalogs/window-common/pl.json';
import plQuestions from '../../../common/i18n/catalogs/window-questions/pl.json';
import plRefusals from '../../../common/i18n/catalogs/refusals/pl.json';
import { showWords, words } from '../../../renderer/app/words';
import { IdlePrompt } from '../../../renderer/components/IdlePrompt';
import { NewTimer } from '../../../renderer/components/NewTimer';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { fakeBridge } from '../../support/fakeBridge';
import { SNAPSHOT_NOW, timerView } from '../../support/snapshot';

/**
 * The catalog areas these views speak from, as JSON imports: this file is type-checked as window
 * code (tsconfig.web.json), which has no Node to read platform/catalogFiles.ts with.
 */
const CATALOGS = {
  de: { ...deTimers, ...deCommon, ...deQuestions, ...deRefusals },
  ar: { ...arTimers, ...arCommon, ...arQuestions, ...arRefusals },
  pl: { ...plTimers, ...plCommon, ...plQuestions, ...plRefusals },
};

const speak = (locale: keyof typeof CATALOGS) => {
  const spoken = createWords(locale, CATALOGS[locale]);
  showWords(spoken);
  return spoken;
};

/** English as test/support/englishWords.ts installed it, put back after each test. */
const installed = words.value;

afterEach(() => {
  cleanup();
  showWords(installed);
});

const away = {
  projectId: 1,
  projectName: 'Website',
  idleSince: SNAPSHOT_NOW - 31 * 60_000,
  returnedAt: SNAPSHOT_NOW,
  idleSeconds: 31 * 60,
  timerRunning: true,
};

describe('a timer card in German', () => {
  it('names its actions in German, for the eye and for screen readers, and asks before discarding', () => {
    speak('de');
    render(
      <TimerCard
        timer={timerView({ state: 'running', seconds: 600 })}
        now={SNAPSHOT_NOW}
        billingIncrement={15}
        bridge={fakeBridge()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Website pausieren' }).textContent).toBe('Pausieren');
    expect(screen.getByRole('button', { name: 'Website erfassen' }).textContent).toBe('0:15 erfassen');
    expect(screen.getByRole('timer', { name: 'Zeit von Website' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Zeit für Website hinzufügen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Website verwerfen' }));
    const question = screen.getByRole('group', { name: 'Website verwerfen?' });
    expect(question.textContent).toContain('0:10:00 verwerfen?');
    expect(document.activeElement?.textContent).toBe('Behalten');
  });

  it('refuses a start without a project in German, at the field', async () => {
    speak('de');
    const bridge = fakeBridge();
    render(<NewTimer projects={[]} bridge={bridge} />);
    fireEvent.submit(screen.getByRole('form', { name: 'Neuer Timer' }));
    expect((await screen.findByTestId('new-timer-error')).textContent).toBe(
      'Wähle ein Projekt oder gib einen neuen Namen ein.',
    );
    expect(bridge.startTimer).not.toHaveBeenCalled();
  });
});

describe('the idle question in Arabic', () => {
  it('is right to left, in Arabic, with the time away, the time left and the project each isolated', () => {
    const words = speak('ar');
    expect(words.dir).toBe('rtl');
    render(
      <div dir={words.dir}>
        <IdlePrompt idle={away} bridge={fakeBridge()} />
      </div>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'وقت الغياب' });
    const message = dialog.querySelector('#idle-message')!;
    expect(message.textContent).toMatch(/^كنت بعيدًا 31 د \(منذ .+\) بينما كان Website يعمل\.$/);
    const isolated = [...message.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated[0]).toBe('31 د');
    expect(isolated).toContain('Website');
    const discard = screen.getByRole('button', { name: 'تجاهل 0:31' });
    expect(discard.querySelector('bdi')?.textContent).toBe('0:31');
    expect(screen.getByRole('button', { name: 'إبقاء' })).toBe(document.activeElement);
  });
});

describe('counting in Polish', () => {
  it('says a too-long new project name with the forms Polish counts with', async () => {
    const words = speak('pl');
    const says = (max: number) => words.t('refusals.projectNameTooLong', { max, count: 300 });
    expect(says(1)).toBe('Nazwa projektu może mieć najwyżej 1 znak; ta ma 300.');
    expect(says(2)).toBe('Nazwa projektu może mieć najwyżej 2 znaki; ta ma 300.');
    expect(says(5)).toBe('Nazwa projektu może mieć najwyżej 5 znaków; ta ma 300.');
    expect(says(22)).toBe('Nazwa projektu może mieć najwyżej 22 znaki; ta ma 300.');
    render(<NewTimer projects={[]} bridge={fakeBridge()} />);
    fireEvent.input(screen.getByRole('combobox', { name: 'Projekt' }), { target: { value: 'x'.repeat(300) } });
    await waitFor(() =>
      expect(screen.getByText('Nazwa projektu może mieć najwyżej 255 znaków; ta ma 300.')).toBeTruthy(),
    );
  });
});

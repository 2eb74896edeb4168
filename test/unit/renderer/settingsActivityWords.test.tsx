// @vitest-environment happy-dom
// Settings and Activity in the user's language (issue 31): German's words and plurals, Arabic's
// right-to-left, and a refusal of a shortcut another command has said in German, as the real
// settings check words it (applySettingsPatch answers the fake bridge's save).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../common/activity';
import { createWords } from '../../../common/i18n/words';
import { fail, ok } from '../../../common/result';
import { applySettingsPatch, DEFAULT_SETTINGS } from '../../../common/settings';
import arActivity from '../../../common/i18n/catalogs/window-activity/ar.json';
import deActivity from '../../../common/i18n/catalogs/window-activity/de.json';
import enActivity from '../../../common/i18n/catalogs/window-activity/en.json';
import arSettings from '../../../common/i18n/catalogs/window-settings/ar.json';
import deSettings from '../../../common/i18n/catalogs/window-settings/de.json';
import enSettings from '../../../common/i18n/catalogs/window-settings/en.json';
import arShortcuts from '../../../common/i18n/catalogs/window-shortcuts/ar.json';
import deShortcuts from '../../../common/i18n/catalogs/window-shortcuts/de.json';
import enShortcuts from '../../../common/i18n/catalogs/window-shortcuts/en.json';
import arRefusals from '../../../common/i18n/catalogs/settings-refusals/ar.json';
import deRefusals from '../../../common/i18n/catalogs/settings-refusals/de.json';
import enRefusals from '../../../common/i18n/catalogs/settings-refusals/en.json';
import { showWords, words } from '../../../renderer/app/words';
import { ActivityView } from '../../../renderer/components/activity/ActivityView';
import { SettingsView } from '../../../renderer/components/settings/SettingsView';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

// The catalogs' files of these views, imported (the window's type-check has no Node to read them with).
const catalogs = {
  en: { ...enSettings, ...enShortcuts, ...enRefusals, ...enActivity },
  de: { ...deSettings, ...deShortcuts, ...deRefusals, ...deActivity },
  ar: { ...arSettings, ...arShortcuts, ...arRefusals, ...arActivity },
};
// The English of every other area stays as the setup installed it (test/support/englishWords.ts).
const english = words.value;
const speak = (locale: 'de' | 'ar') => showWords(createWords(locale, catalogs[locale], catalogs.en));

afterEach(() => {
  cleanup();
  showWords(english);
});

const activity: Activity = {
  entries: [
    {
      id: 'op-1',
      what: 'Log 0:20 on Website: standup',
      kind: 'createEntry',
      state: 'failed',
      queuedAt: Date.now(),
      sentAt: null,
      settledAt: null,
      tookMs: 2500,
      serviceId: null,
      message: null,
    },
  ],
  waitingByAccount: [
    { accountId: 'local', label: 'This computer', waiting: 1 },
    { accountId: 'acme', label: 'Acme', waiting: 3 },
    { accountId: 'other', label: 'Other', waiting: 0 },
  ],
};

const showSettings = (bridge = fakeBridge({ getSnapshot: async () => ok(snapshot()) })) =>
  render(<SettingsView bridge={bridge} />);

describe('Settings in German and Arabic', () => {
  it('says its headings, choices and weekdays in German, left to right', async () => {
    speak('de');
    showSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tastenkombinationen' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Montag' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1,50 (Stunden mit zwei Nachkommastellen)' })).toBeTruthy();
    expect(screen.getByTestId('settings').closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(document.body.textContent).not.toContain('Settings');
  });

  it('reads right to left in Arabic, its words Arabic', async () => {
    speak('ar');
    showSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeTruthy();
    const view = screen.getByTestId('settings').closest('[dir]')!;
    expect(view.getAttribute('dir')).toBe('rtl');
    expect(view.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('radio', { name: 'داكن' })).toBeTruthy();
  });

  it('refuses a shortcut another command has, in German, at its field', async () => {
    speak('de');
    const bridge = fakeBridge({
      getSnapshot: async () => ok(snapshot()),
      updateSettings: async (patch) => {
        const { errors, settings } = applySettingsPatch(DEFAULT_SETTINGS, patch, false);
        const first = errors[0];
        if (!first) return ok(settings);
        const refused = fail('invalid_input', first.message, first.field);
        return refused.ok ? refused : { ok: false, error: { ...refused.error, words: first.words } };
      },
    });
    showSettings(bridge);
    const field = await screen.findByRole('textbox', { name: 'Schnelleingabe' });
    fireEvent.input(field, { target: { value: 'Ctrl+Alt+Shift+T' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tastenkombinationen speichern' }));
    const error = await screen.findByTestId('hotkey-quickEntry-error');
    expect(error.textContent).toBe('Diese Tastenkombination gehört schon zu „Letzten Timer starten oder pausieren“.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Activity in German and Arabic', () => {
  it('says its table, states and counts in German, with German plurals and decimals', async () => {
    speak('de');
    render(
      <ActivityView
        bridge={fakeBridge({ getSnapshot: async () => ok(snapshot()), getActivity: async () => ok(activity) })}
      />,
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Wann', 'Was', 'Status', 'Dauer', 'Dienst-ID oder Meldung']);
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2, 4)).toEqual(['Fehlgeschlagen, neuer Versuch folgt', '2,5 s']);
    const waiting = screen.getByRole('region', { name: 'Noch zu senden' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['This computer: 1 wartet', 'Acme: 3 warten', 'Other: nichts wartet']);
    expect(screen.getByRole('heading', { level: 1, name: 'Aktivität' })).toBeTruthy();
  });

  it('reads right to left in Arabic, with Arabic plural forms', async () => {
    speak('ar');
    render(
      <ActivityView
        bridge={fakeBridge({ getSnapshot: async () => ok(snapshot()), getActivity: async () => ok(activity) })}
      />,
    );
    await screen.findByRole('table');
    const view = screen.getByTestId('activity').closest('[dir]')!;
    expect(view.getAttribute('dir')).toBe('rtl');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'النشاط' })).toBeTruthy());
    const items = within(screen.getByRole('region', { name: 'بانتظار الإرسال' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      // Each account's name isolated (FSI…PDI), so a Latin name keeps its place in the Arabic line.
      '\u2068This computer\u2069: عملية واحدة في الانتظار',
      '\u2068Acme\u2069: 3 عمليات في الانتظار',
      '\u2068Other\u2069: لا شيء في الانتظار',
    ]);
  });
});

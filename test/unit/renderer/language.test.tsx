// @vitest-environment happy-dom
// Settings › Language: the languages named in their own words, "System (…)" naming the one the
// system's languages get; a pick changes the window's words, its document's lang and dir and its
// clock at once, with no reload (app/loadWords.ts), from main's real catalogs and settings rules.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../common/result';
import { applySettingsPatch, type Settings } from '../../../common/settings';
import type { Snapshot } from '../../../common/snapshot';
import { chooseLocale } from '../../../common/i18n/chosenLocale';
import type { Catalog } from '../../../common/i18n/words';
import ar from '../../../common/i18n/catalogs/window-language/ar.json';
import de from '../../../common/i18n/catalogs/window-language/de.json';
import en from '../../../common/i18n/catalogs/window-language/en.json';
import { useLanguageOf } from '../../../renderer/app/loadWords';
import { showWords, t, words } from '../../../renderer/app/words';
import { LanguageSection } from '../../../renderer/components/settings/LanguageSection';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot as emptySnapshot } from '../../support/snapshot';

// The section's own area's files, as main's readCatalog hands them (this test runs in the window's tsconfig, without Node).
const CATALOGS: Record<string, Catalog> = { en, de, ar };
// The setup file's English words (test/support/englishWords.ts), shown again after each test.
const english = words.value;

afterEach(() => {
  cleanup();
  showWords(english);
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

/** A bridge over main's settings rules and catalogs: a saved setting comes back as a pushed snapshot. */
function settingsBridge(system: string[]) {
  let settings: Settings = emptySnapshot().settings;
  const listeners = new Set<(s: Snapshot) => void>();
  const current = () =>
    emptySnapshot({ settings, ...chooseLocale(settings.language, system), systemLanguages: system });
  const bridge = fakeBridge({
    getSnapshot: async () => ok(current()),
    getCatalog: async ({ locale }) => ok(CATALOGS[locale] ?? {}),
    updateSettings: async (patch) => {
      settings = applySettingsPatch(settings, patch).settings;
      for (const listener of listeners) listener(current());
      return ok(settings);
    },
  });
  bridge.onSnapshot = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { bridge, current };
}

function Window({ bridge, current }: ReturnType<typeof settingsBridge>) {
  const dateTime = useLanguageOf(bridge);
  const now = current();
  return (
    <div>
      <LanguageSection
        language={now.settings.language}
        clock={now.settings.clock}
        systemLanguages={now.systemLanguages}
        formatLocale={now.formatLocale}
        bridge={bridge}
      />
      <p data-testid="clock">{dateTime?.clockOf('13:45')}</p>
      <p data-testid="title">{t('window-language.title')}</p>
    </div>
  );
}

const language = () => screen.getByTestId('language') as HTMLSelectElement;

describe('Settings › Language', () => {
  it("names each language in its own words and the system's in its own", () => {
    render(<Window {...settingsBridge(['de-DE', 'en-US'])} />);
    const names = [...language().options].map((o) => o.textContent);
    expect(names[0]).toBe('System (Deutsch)');
    expect(names).toEqual(
      expect.arrayContaining(['English', 'Deutsch', 'français', 'polski', '日本語', 'العربية', 'עברית']),
    );
    expect(names).not.toContain('en-XA');
  });

  it('a pick of German shows the window in German with its clock, with no reload', async () => {
    render(<Window {...settingsBridge(['en-US'])} />);
    await waitFor(() => expect(screen.getByTestId('clock').textContent).toBe('1:45 PM'));
    fireEvent.change(language(), { target: { value: 'de' } });
    await waitFor(() => expect(screen.getByTestId('title').textContent).toBe('Sprache'));
    expect(screen.getByTestId('clock').textContent).toBe('13:45');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('a pick of Arabic turns the document right to left; a 24-hour clock is kept over English', async () => {
    render(<Window {...settingsBridge(['en-US'])} />);
    fireEvent.change(language(), { target: { value: 'ar' } });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByTestId('title').textContent).toBe('اللغة');
    fireEvent.change(language(), { target: { value: 'en' } });
    fireEvent.click(screen.getByTestId('clock-24'));
    await waitFor(() => expect(screen.getByTestId('clock').textContent).toBe('13:45'));
    expect(document.documentElement.dir).toBe('ltr');
  });
});

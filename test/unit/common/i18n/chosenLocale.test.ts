// Which language Stint speaks and which locale writes its dates (common/i18n/chosenLocale.ts), and
// the system's languages where no Electron says them (platform/systemLanguages.ts).
import { describe, expect, it } from 'vitest';
import { chooseLocale, clockIsHour12 } from '../../../../common/i18n/chosenLocale';
import { systemLanguages } from '../../../../platform/systemLanguages';

describe('the language Stint speaks', () => {
  it("follows the system's first language Stint ships, and writes dates in the system's own tag", () => {
    expect(chooseLocale('system', ['de-AT', 'en-US'])).toEqual({ locale: 'de', formatLocale: 'de-AT' });
    expect(chooseLocale('system', ['zh-TW', 'fr-CA'])).toEqual({ locale: 'fr', formatLocale: 'fr-CA' });
    expect(chooseLocale('system', ['en-GB'])).toEqual({ locale: 'en', formatLocale: 'en-GB' });
    expect(chooseLocale('system', ['ko-KR'])).toEqual({ locale: 'en', formatLocale: 'en' });
  });

  it("takes the language chosen in Settings over the system's, with that language's formats", () => {
    expect(chooseLocale('ar', ['de-DE'])).toEqual({ locale: 'ar', formatLocale: 'ar' });
    expect(chooseLocale('pt-BR', ['pt-PT'])).toEqual({ locale: 'pt-BR', formatLocale: 'pt-PT' });
    expect(chooseLocale('en-XA', ['de-DE'])).toEqual({ locale: 'en-XA', formatLocale: 'en' });
  });

  it('writes the clock as the language does unless Settings chose 12- or 24-hour', () => {
    expect(clockIsHour12('locale', 'en-US')).toBe(true);
    expect(clockIsHour12('locale', 'de-DE')).toBe(false);
    expect(clockIsHour12('24', 'en-US')).toBe(false);
    expect(clockIsHour12('12', 'de-DE')).toBe(true);
  });
});

describe("the system's languages without Electron", () => {
  it('reads LC_ALL before LC_MESSAGES before LANG, POSIX names as they are', () => {
    expect(systemLanguages({ LC_ALL: 'pl_PL.UTF-8', LC_MESSAGES: 'de_DE', LANG: 'fr_FR' })[0]).toBe('pl_PL.UTF-8');
    expect(systemLanguages({ LC_MESSAGES: 'de_DE.UTF-8', LANG: 'fr_FR.UTF-8' })[0]).toBe('de_DE.UTF-8');
    expect(chooseLocale('system', systemLanguages({ LANG: 'ja_JP.UTF-8' })).locale).toBe('ja');
  });

  it('speaks English under LC_ALL=C whatever LANG says, and STINT_LOCALE comes first', () => {
    expect(chooseLocale('system', systemLanguages({ LC_ALL: 'C', LANG: 'de_DE.UTF-8' })).locale).toBe('en');
    expect(chooseLocale('system', systemLanguages({ STINT_LOCALE: 'en-XA', LANG: 'de_DE' })).locale).toBe('en-XA');
  });
});

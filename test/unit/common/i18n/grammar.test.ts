// Quick entry in each shipped language (issue 31 item 5): its yesterday, a weekday written out and
// abbreviated, a duration with its decimal mark and a unit word, and a word of another language
// refused where it was typed. English is read in every language and reads as it always has.
import { describe, expect, it } from 'vitest';
import { readDay } from '../../../../common/dayWords';
import { createWords } from '../../../../common/i18n/words';
import type { ShippedLocale } from '../../../../common/i18n/locales';
import { parseQuickEntry } from '../../../../common/quickEntry';
import { parseTimeString } from '../../../../common/timeString';
import { readCatalog } from '../../../../platform/catalogFiles';

/** A Wednesday: yesterday is 11 March, Monday the 10th, Friday the 7th. */
const TODAY = '2025-03-12';
const known = ['Website'];

interface Case {
  yesterday: string;
  monday: string;
  friday: string;
  /** One and a half hours, with the language's decimal mark and hour unit. */
  hourAndHalf: string;
  /** 45 minutes in the language's minute word. */
  minutes45: string;
  /** A day word of another language, which this one does not read. */
  foreign: string;
}

const CASES: Record<ShippedLocale, Case> = {
  en: {
    yesterday: 'yesterday',
    monday: 'Monday',
    friday: 'fri',
    hourAndHalf: '1.5 hours',
    minutes45: '45 minutes',
    foreign: 'gestern',
  },
  de: {
    yesterday: 'gestern',
    monday: 'Montag',
    friday: 'Fr.',
    hourAndHalf: '1,5 Std.',
    minutes45: '45 Minuten',
    foreign: 'hier',
  },
  fr: {
    yesterday: 'hier',
    monday: 'lundi',
    friday: 'ven.',
    hourAndHalf: '1,5 heure',
    minutes45: '45 min',
    foreign: 'ayer',
  },
  es: {
    yesterday: 'ayer',
    monday: 'lunes',
    friday: 'vie',
    hourAndHalf: '1,5 horas',
    minutes45: '45 minutos',
    foreign: 'ieri',
  },
  'pt-BR': {
    yesterday: 'ontem',
    monday: 'segunda-feira',
    friday: 'sex.',
    hourAndHalf: '1,5 hora',
    minutes45: '45 minutos',
    foreign: 'ayer',
  },
  it: {
    yesterday: 'ieri',
    monday: 'lunedì',
    friday: 'ven',
    hourAndHalf: '1,5 ore',
    minutes45: '45 minuti',
    foreign: 'hier',
  },
  nl: {
    yesterday: 'gisteren',
    monday: 'maandag',
    friday: 'vr',
    hourAndHalf: '1,5 uur',
    minutes45: '45 minuten',
    foreign: 'gestern',
  },
  pl: {
    yesterday: 'wczoraj',
    monday: 'poniedziałek',
    friday: 'pt.',
    hourAndHalf: '1,5 godz.',
    minutes45: '45 minut',
    foreign: 'gisteren',
  },
  ja: { yesterday: '昨日', monday: '月曜日', friday: '金', hourAndHalf: '1.5時間', minutes45: '45分', foreign: '昨天' },
  'zh-CN': {
    yesterday: '昨天',
    monday: '星期一',
    friday: '周五',
    hourAndHalf: '1.5小时',
    minutes45: '45分钟',
    foreign: 'wczoraj',
  },
  ar: {
    yesterday: 'أمس',
    monday: 'الاثنين',
    friday: 'الجمعة',
    hourAndHalf: '1.5 ساعة',
    minutes45: '45 دقيقة',
    foreign: 'אתמול',
  },
  he: {
    yesterday: 'אתמול',
    monday: 'יום שני',
    friday: 'יום ו׳',
    hourAndHalf: '1.5 שעות',
    minutes45: '45 דקות',
    foreign: 'أمس',
  },
};

const read = (line: string, locale: ShippedLocale) => parseQuickEntry(line, known, TODAY, locale);

describe.each(Object.entries(CASES) as [ShippedLocale, Case][])('quick entry in %s', (locale, c) => {
  it('reads yesterday, a weekday written out and abbreviated, as the day they name', () => {
    expect(read(`${c.yesterday} 1:00 @Website`, locale)).toMatchObject({
      ok: true,
      date: '2025-03-11',
      minutes: 60,
      projectName: 'Website',
    });
    expect(read(`${c.monday} 0:30 review`, locale)).toMatchObject({
      ok: true,
      date: '2025-03-10',
      description: 'review',
    });
    expect(read(`${c.friday} 2h`, locale)).toMatchObject({ ok: true, date: '2025-03-07', minutes: 120 });
  });

  it('reads its decimal mark and its unit words, and English alongside', () => {
    expect(read(`${c.hourAndHalf} @Website`, locale)).toMatchObject({ ok: true, minutes: 90, projectName: 'Website' });
    expect(read(`${c.minutes45} call`, locale)).toMatchObject({ ok: true, minutes: 45, description: 'call' });
    expect(read('yesterday 1h 30m', locale)).toMatchObject({ ok: true, date: '2025-03-11', minutes: 90 });
  });

  it("refuses another language's day word at the time, rather than reading it", () => {
    expect(read(`${c.foreign} 1:00`, locale)).toMatchObject({ ok: false, field: 'time' });
  });
});

describe('the decimal comma', () => {
  it('is one and a half hours where the language writes it so', () => {
    for (const locale of ['de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl'] as const)
      expect(parseTimeString('1,5', undefined, locale), locale).toEqual({ ok: true, minutes: 90 });
    expect(parseTimeString('1,25 h', undefined, 'de')).toEqual({ ok: true, minutes: 75 });
  });

  it('is refused in English, as before, with the forms to write instead', () => {
    expect(parseTimeString('1,5')).toEqual({
      ok: false,
      message: '“1,5” is not a time. Write it like 1:30, 1.5, 90m or 1h 30m.',
    });
  });

  it('is refused where the language writes a decimal point (Japanese), in its words', () => {
    const refused = read('1,5 @Website', 'ja');
    expect(refused).toMatchObject({ ok: false, field: 'time', words: { id: 'quick-refusals.notATime' } });
  });
});

describe('what else each language types', () => {
  it('reads "1h30" outside English, and Arabic-Indic and full-width digits', () => {
    expect(parseTimeString('1h30', undefined, 'fr')).toEqual({ ok: true, minutes: 90 });
    expect(parseTimeString('1h30')).toMatchObject({ ok: false });
    expect(read('أمس ١٫٥ ساعة', 'ar')).toMatchObject({ ok: true, date: '2025-03-11', minutes: 90 });
    expect(read('月曜日 ９：００～１０：３０', 'ja')).toMatchObject({ ok: true, date: '2025-03-10', minutes: 90 });
  });

  it('reads a day without case or accents, and the day before yesterday', () => {
    expect(read('MIERCOLES 1:00', 'es')).toMatchObject({ ok: true, date: TODAY });
    expect(read('vorgestern 1:00', 'de')).toMatchObject({ ok: true, date: '2025-03-10' });
    expect(read('أول أمس 1:00', 'ar')).toMatchObject({ ok: true, date: '2025-03-10' });
  });

  it('refuses tomorrow at the date in its words, and says so in the language', () => {
    const refused = read('morgen 1:00', 'de');
    expect(refused).toMatchObject({ ok: false, field: 'date', words: { id: 'quick-refusals.tomorrow' } });
    const german = createWords('de', readCatalog('de'));
    if (!refused.ok)
      expect(german.t(refused.words!.id, refused.words!.values)).toBe(
        'Zeit lässt sich bis heute erfassen, nicht für morgen.',
      );
  });

  it('names a day its month lacks as the language writes dates', () => {
    const refused = readDay('2024-02-30', TODAY, 'de');
    expect(refused).toMatchObject({
      ok: false,
      words: { id: 'quick-refusals.noSuchDay', values: { date: '30. Februar 2024' } },
    });
  });

  it('gives no catalog message in English, whose sentence is the message itself', () => {
    expect(read('tomorrow 1:00', 'en')).toEqual({
      ok: false,
      field: 'date',
      message: 'Time can be logged up to today, not tomorrow.',
    });
  });

  it('says a refusal in English as the parser does, word for word, from the English catalog', () => {
    const english = createWords('en', readCatalog('en'));
    const lines = ['morgen 1:00', '1:00 @', 'gestern', '9:00-8:00', '1:75', '1:00 @"Acme', 'hier 1:00', '25h'];
    for (const line of lines) {
      const refused = read(line, 'de');
      expect(refused.ok, line).toBe(false);
      // The values are German's where a date is in them; these lines hold none.
      if (!refused.ok) expect(english.t(refused.words!.id, refused.words!.values), line).toBe(refused.message);
    }
  });
});

// The words quick entry reads in each shipped language besides the weekday names Intl gives
// (grammar.ts takes those from Intl.DateTimeFormat): the day words, the time units and the few
// weekday spellings Intl does not write (Hebrew's bare "שני" for "יום שני"). Data only, written
// as people type them: lower case, accents as the language writes them (grammar.ts folds both),
// an abbreviation's full stop optional. English is read in every language, so a language lists
// only its own words.

import type { ShippedLocale } from '../locales';

export interface LocaleWords {
  today: readonly string[];
  yesterday: readonly string[];
  /** Two days back: "vorgestern", "avant-hier". */
  dayBefore: readonly string[];
  /** Refused with a reason (time is logged up to today), so it is never read as a time or text. */
  tomorrow: readonly string[];
  /** Weekday spellings beyond Intl's long and short names, Sunday first. */
  weekdays?: readonly (readonly string[])[];
  hours: readonly string[];
  minutes: readonly string[];
}

export const LOCALE_WORDS: Readonly<Record<ShippedLocale, LocaleWords>> = {
  en: {
    today: ['today'],
    yesterday: ['yesterday'],
    dayBefore: [],
    tomorrow: ['tomorrow'],
    hours: ['h', 'hr', 'hrs', 'hour', 'hours'],
    minutes: ['m', 'min', 'mins', 'minute', 'minutes'],
  },
  de: {
    today: ['heute'],
    yesterday: ['gestern'],
    dayBefore: ['vorgestern'],
    tomorrow: ['morgen'],
    hours: ['std', 'std.', 'stunde', 'stunden', 'h'],
    minutes: ['min', 'min.', 'minute', 'minuten', 'm'],
  },
  fr: {
    today: ["aujourd'hui", 'auj'],
    yesterday: ['hier'],
    dayBefore: ['avant-hier'],
    tomorrow: ['demain'],
    hours: ['h', 'heure', 'heures'],
    minutes: ['min', 'mn', 'minute', 'minutes'],
  },
  es: {
    today: ['hoy'],
    yesterday: ['ayer'],
    dayBefore: ['anteayer', 'antier'],
    tomorrow: ['mañana'],
    hours: ['h', 'hora', 'horas'],
    minutes: ['min', 'minuto', 'minutos'],
  },
  'pt-BR': {
    today: ['hoje'],
    yesterday: ['ontem'],
    dayBefore: ['anteontem'],
    tomorrow: ['amanhã'],
    weekdays: [['domingo'], ['segunda'], ['terça'], ['quarta'], ['quinta'], ['sexta'], ['sábado']],
    hours: ['h', 'hora', 'horas'],
    minutes: ['min', 'minuto', 'minutos'],
  },
  it: {
    today: ['oggi'],
    yesterday: ['ieri'],
    dayBefore: ["l'altroieri", 'altroieri'],
    tomorrow: ['domani'],
    hours: ['h', 'ora', 'ore'],
    minutes: ['min', 'minuto', 'minuti'],
  },
  nl: {
    today: ['vandaag'],
    yesterday: ['gisteren'],
    dayBefore: ['eergisteren'],
    tomorrow: ['morgen'],
    hours: ['u', 'uur', 'uren', 'h'],
    minutes: ['min', 'min.', 'minuut', 'minuten', 'm'],
  },
  pl: {
    today: ['dzisiaj', 'dziś'],
    yesterday: ['wczoraj'],
    dayBefore: ['przedwczoraj'],
    tomorrow: ['jutro'],
    hours: ['h', 'godz', 'godz.', 'godzina', 'godziny', 'godzin'],
    minutes: ['min', 'min.', 'minuta', 'minuty', 'minut'],
  },
  ja: {
    today: ['今日', 'きょう', '本日'],
    yesterday: ['昨日', 'きのう'],
    dayBefore: ['一昨日', 'おととい'],
    tomorrow: ['明日', 'あした'],
    weekdays: [['日曜'], ['月曜'], ['火曜'], ['水曜'], ['木曜'], ['金曜'], ['土曜']],
    hours: ['時間', 'h'],
    minutes: ['分', '分間', 'm'],
  },
  'zh-CN': {
    today: ['今天'],
    yesterday: ['昨天'],
    dayBefore: ['前天'],
    tomorrow: ['明天'],
    weekdays: [['星期天', '周天', '礼拜天'], ['礼拜一'], ['礼拜二'], ['礼拜三'], ['礼拜四'], ['礼拜五'], ['礼拜六']],
    hours: ['小时', '个小时', '钟头', 'h'],
    minutes: ['分钟', '分', 'm'],
  },
  ar: {
    today: ['اليوم'],
    yesterday: ['أمس', 'البارحة', 'الأمس'],
    dayBefore: ['أول أمس'],
    tomorrow: ['غدا', 'غدًا', 'بكرة'],
    hours: ['ساعة', 'ساعات', 'س'],
    minutes: ['دقيقة', 'دقائق', 'د'],
  },
  he: {
    today: ['היום'],
    yesterday: ['אתמול'],
    dayBefore: ['שלשום'],
    tomorrow: ['מחר'],
    // Said without the word for "day" as often as with it.
    weekdays: [['ראשון'], ['שני'], ['שלישי'], ['רביעי'], ['חמישי'], ['שישי'], ['שבת']],
    hours: ['שעה', 'שעות', "ש'"],
    minutes: ['דקה', 'דקות', "ד'"],
  },
};

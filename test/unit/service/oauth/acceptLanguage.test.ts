// The OAuth pages' language from the browser's Accept-Language: the ranges by q-value, then in the
// header's order; a region's language or a script Stint has; English when nothing fits.
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '../../../../service/oauth/acceptLanguage';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
    ['en;q=0.5, de;q=0.9', 'de'],
    ['de;q=0.8, ja;q=0.8', 'de'],
    ['pt', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW, ar;q=0.3', 'ar'],
    ['ko, sv;q=0.9', 'en'],
    ['he;q=0, es;q=0.1', 'es'],
    ['*', 'en'],
    ['fr;q=2, it', 'it'],
    ['iw', 'he'],
    ['en-XA', 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

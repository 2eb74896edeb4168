// Which shipped language the browser's Accept-Language asks for (RFC 9110 §12.5.4): its ranges in
// the order of their q-values (the header's order among equal ones), q=0 meaning "not this one",
// each read as localeFor reads a tag (de-AT gets German, zh-TW nothing); English when none fits.
// The sign-in and consent pages speak it; the service's JSON answers stay as the spec words them.

import { localeFor, SHIPPED_LOCALES, type ShippedLocale } from '../../common/i18n/locales';

interface Range {
  tag: string;
  q: number;
  order: number;
}

/** A range's tag and weight; a q that is not a number from 0 to 1 drops the range. */
function readRange(part: string, order: number): Range | null {
  const [tag = '', ...params] = part.split(';').map((p) => p.trim());
  let q = 1;
  for (const param of params) {
    const m = /^q\s*=\s*([0-9.]+)$/i.exec(param);
    if (!m) continue;
    q = Number(m[1]);
    if (!Number.isFinite(q) || q < 0 || q > 1) return null;
  }
  return tag === '' ? null : { tag, q, order };
}

export function localeFromAcceptLanguage(header: string | undefined): ShippedLocale {
  const ranges = (header ?? '')
    .split(',')
    .map((part, order) => readRange(part, order))
    .filter((r): r is Range => r !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    // "*" is any language: the source one serves it.
    if (tag === '*') return 'en';
    const locale = localeFor(tag);
    if (locale && (SHIPPED_LOCALES as readonly string[]).includes(locale)) return locale as ShippedLocale;
  }
  return 'en';
}

// A language's catalog read from disk, for the processes that have one: main (tray, notifications,
// the window's catalog handed over the bridge), the `stint` command and the service's OAuth pages.
// Each area of the app keeps its messages in common/i18n/catalogs/<area>/<locale>.json; a
// language's catalog is all its areas together. The pseudo-locale is made from English's.

import { parse } from '@formatjs/icu-messageformat-parser';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, PSEUDO_LOCALE } from '../common/i18n/locales';
import { pseudoCatalog } from '../common/i18n/pseudoLocale';
import type { Catalog } from '../common/i18n/words';

/** The catalogs' folder in the source tree (tsx and the tests run from it). */
export const SOURCE_CATALOGS = join(dirname(fileURLToPath(import.meta.url)), '../common/i18n/catalogs');

/** The areas of the app with messages of their own: the catalogs' folder's folders, in name order. */
export const catalogAreas = (folder = SOURCE_CATALOGS): string[] =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** One area's messages in one language, as its file holds them. */
export const readAreaCatalog = (area: string, locale: string, folder = SOURCE_CATALOGS): Record<string, string> =>
  JSON.parse(readFileSync(join(folder, area, `${locale}.json`), 'utf8'));

const read = new Map<string, Catalog>();

/** A language's whole catalog (every area's messages), read once per process. */
export function readCatalog(locale: Locale, folder = SOURCE_CATALOGS): Catalog {
  const key = `${folder}\0${locale}`;
  let catalog = read.get(key);
  if (!catalog) {
    catalog =
      locale === PSEUDO_LOCALE
        ? pseudoCatalog(readCatalog('en', folder))
        : Object.assign({}, ...catalogAreas(folder).map((area) => readAreaCatalog(area, locale, folder)));
    read.set(key, catalog!);
  }
  return catalog!;
}

const parsed = new Map<string, Catalog>();

/**
 * A language's catalog as the window gets it: every message already parsed into its syntax tree,
 * so the window's bundle needs no ICU parser (scripts/rendererBuildOptions.mjs). Parsed once per
 * process and language.
 */
export function windowCatalog(locale: Locale, folder = SOURCE_CATALOGS): Catalog {
  const key = `${folder}\0${locale}`;
  let catalog = parsed.get(key);
  if (!catalog) {
    catalog = Object.fromEntries(
      Object.entries(readCatalog(locale, folder)).map(([id, message]) => [
        id,
        typeof message === 'string' ? parse(message) : message,
      ]),
    );
    parsed.set(key, catalog);
  }
  return catalog;
}

// The catalogs are complete and sound: every shipped language has every English message, no more,
// in valid ICU MessageFormat, with English's placeholders and every plural form its language has;
// every message the code asks for exists, and every English message is asked for somewhere.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE, SHIPPED_LOCALES } from '../../../../common/i18n/locales';
import { SOURCE_CATALOGS, catalogAreas, readAreaCatalog, readCatalog } from '../../../../platform/catalogFiles';

const root = join(__dirname, '../../../..');
const areas = catalogAreas();
const translated = SHIPPED_LOCALES.filter((l) => l !== 'en');

/** Each argument of a message as `name:kind` (tags as `<name>`), nested ones included, sorted. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const e of elements) {
    if (e.type === TYPE.argument) into.add(`${e.value}:text`);
    if (e.type === TYPE.number) into.add(`${e.value}:number`);
    if (e.type === TYPE.date || e.type === TYPE.time) into.add(`${e.value}:date`);
    if (e.type === TYPE.tag) {
      into.add(`<${e.value}>`);
      placeholders(e.children, into);
    }
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(`${e.value}:${e.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    }
  }
  return [...into].sort();
}

/** Every plural argument of a message, nested ones included. */
function plurals(elements: MessageFormatElement[]): Array<{ value: string; keys: string[]; ordinal: boolean }> {
  return elements.flatMap((e) => {
    if (e.type === TYPE.tag) return plurals(e.children);
    if (e.type !== TYPE.plural && e.type !== TYPE.select) return [];
    const inner = Object.values(e.options).flatMap((o) => plurals(o.value));
    return e.type === TYPE.plural
      ? [{ value: e.value, keys: Object.keys(e.options), ordinal: e.pluralType === 'ordinal' }, ...inner]
      : inner;
  });
}

describe('the catalogs', () => {
  it('has an area folder per part of the app, each with exactly the shipped languages', () => {
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas)
      expect(readdirSync(join(SOURCE_CATALOGS, area)).sort(), area).toEqual(
        SHIPPED_LOCALES.map((l) => `${l}.json`).sort(),
      );
  });

  it("names each message after its area (area.name), so two areas' ids never collide", () => {
    for (const area of areas)
      for (const id of Object.keys(readAreaCatalog(area, 'en'))) expect(id.startsWith(`${area}.`), id).toBe(true);
  });

  for (const locale of translated)
    it(`${locale} has every English message and no other, in valid ICU with English's placeholders`, () => {
      for (const area of areas) {
        const english = readAreaCatalog(area, 'en');
        const theirs = readAreaCatalog(area, locale);
        expect(Object.keys(theirs).sort(), `${area}/${locale}.json`).toEqual(Object.keys(english).sort());
        for (const [id, message] of Object.entries(theirs)) {
          expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
          const ast = parse(message);
          expect(placeholders(ast), `${locale} ${id}`).toEqual(placeholders(parse(english[id]!)));
        }
      }
    });

  for (const locale of SHIPPED_LOCALES)
    it(`${locale}'s plurals have every form its language has, and format 0, 1, 2, 5, 11, 22 and 101`, () => {
      const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories;
      for (const [id, message] of Object.entries(readCatalog(locale))) {
        const found = plurals(parse(message as string));
        for (const plural of found)
          expect(plural.keys, `${locale} ${id} {${plural.value}}`).toEqual(
            expect.arrayContaining([...(plural.ordinal ? ordinal : cardinal)]),
          );
        if (found.length === 0) continue;
        const format = new IntlMessageFormat(message, locale);
        for (const n of [0, 1, 2, 5, 11, 22, 101]) {
          const values = Object.fromEntries(
            placeholders(parse(message as string)).map((p) => [p.split(':')[0]!, p.endsWith(':text') ? 'x' : n]),
          );
          expect(() => format.format(values), `${locale} ${id} at ${n}`).not.toThrow();
        }
      }
    });

  it('makes the pseudo-locale from English: every message, accented, longer, with the same placeholders', () => {
    const english = readCatalog('en');
    const pseudo = readCatalog(PSEUDO_LOCALE);
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(english)) {
      const source = parse(message as string);
      const made = pseudo[id] as MessageFormatElement[];
      expect(placeholders(made), id).toEqual(placeholders(source));
      const shown = String(new IntlMessageFormat(made, 'en').format(sample(source)));
      const plain = String(new IntlMessageFormat(source, 'en').format(sample(source)));
      expect(shown.length, id).toBeGreaterThanOrEqual(Math.floor(plain.length * 1.3));
      if (/[a-z]/i.test(plain)) expect(shown, id).not.toBe(plain);
    }
  });

  const code = sourceFiles(['common', 'renderer', 'main', 'cli', 'web', 'service', 'platform']);
  const english = readCatalog('en');

  it('has every message the code asks for by id in English', () => {
    const asked = new Set(
      code.flatMap(({ text }) => [...text.matchAll(/\bt\(\s*'([a-z][\w-]*\.[\w.-]+)'/g)].map((m) => m[1]!)),
    );
    expect([...asked].filter((id) => !(id in english))).toEqual([]);
  });

  it('has no English message the code never names (a message no one shows is a translator’s wasted work)', () => {
    const all = code.map(({ text }) => text).join('\n');
    expect(Object.keys(english).filter((id) => !all.includes(`'${id}'`))).toEqual([]);
  });
});

/** A value for each placeholder: numbers where a number is expected, a word elsewhere. */
function sample(ast: MessageFormatElement[]): Record<string, string | number | Date> {
  return Object.fromEntries(
    placeholders(ast)
      .filter((p) => !p.startsWith('<'))
      .map((p) => {
        const [name, kind] = p.split(':') as [string, string];
        return [name, kind === 'text' || kind === 'select' ? 'word' : kind === 'date' ? new Date(0) : 3];
      }),
  );
}

function sourceFiles(dirs: string[]): Array<{ file: string; text: string }> {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('node_modules'))
      .map((f) => ({ file: join(dir, f), text: readFileSync(join(root, dir, f), 'utf8') })),
  );
}

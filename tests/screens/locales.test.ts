import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import { errorCodes, validationKeys } from '../../contract/errors.contract.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [nested, text] of flatten(value, path)) keys.set(nested, text);
  }
  return keys;
}

const localesDir = join(import.meta.dirname, '../../src/i18n/locales');
const namespaceFiles = (language: string) =>
  readdirSync(join(localesDir, language)).filter((name) => name.endsWith('.json') && name !== 'common.json');

/** Keys of every namespace but common, as `ns:key`, the way code names them. */
function namespaced(language: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of namespaceFiles(language)) {
    const ns = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Tree;
    for (const [key, text] of flatten(tree)) keys.set(`${ns}:${key}`, text);
  }
  return keys;
}

const namespaces = new Set(namespaceFiles('en').map((file) => file.replace(/\.json$/, '')));

const locales = {
  ar: new Map([...flatten(ar as Tree), ...namespaced('ar')]),
  en: new Map([...flatten(en as Tree), ...namespaced('en')]),
};
const sections = new Set([...Object.keys(ar), ...Object.keys(en)]);

/**
 * Plural forms: i18next picks `key_one`, `key_few`, ... by Intl.PluralRules when `t(key, { count })`
 * finds no `key` itself, so a key with one of these endings stands for its base key.
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralForms = { ar: ['zero', 'one', 'two', 'few', 'many', 'other'], en: ['one', 'other'] } as const;
const baseKey = (key: string) => key.replace(pluralSuffix, '');
const baseKeys = (language: 'ar' | 'en') => new Set([...locales[language].keys()].map(baseKey));
/** A key the code asks for: there as it is, or as the plural forms of a counted text. */
const hasKey = (language: 'ar' | 'en', key: string) =>
  locales[language].has(key) || locales[language].has(`${key}_other`);
const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/**
 * Event types ('auth.login') look like keys: skip `type: '...'` values, comparisons with
 * `type`, and `'...':` transition keys.
 */
function isEventName(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 16), index);
  const after = text.slice(index).replace(/^['"][^'"]*['"]/, '');
  // An event is a `type` value, a key of `on: { 'auth.x': ... }`, or read back from such a table
  // (`tokenRefresh['auth.tokensRefreshed']`, as the auth machine does with its parts).
  return /type(:|\s*[!=]==)\s*$/.test(before) || /^\s*[:\]]/.test(after);
}

/**
 * Every key the code can ask for: arguments of t('...') and any quoted 'section.key' literal whose
 * first segment is a locale section (errors.*, validation.*, themes.*, ...), which is how
 * machines, the contract and route tables hand keys to the screens.
 */
function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'contract'))];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const where = relative(root, file);
    for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) found.set(match[1] ?? '', where);
    // Keys of other namespaces are always written with their namespace: 'public:home.heading'.
    for (const match of text.matchAll(/['"`]([a-z]+):([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*)['"`]/g)) {
      if (namespaces.has(match[1] ?? '')) found.set(`${match[1]}:${match[2]}`, where);
    }
    for (const match of text.matchAll(/['"]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['"]/g)) {
      const key = match[1] ?? '';
      if (!sections.has(key.split('.')[0] ?? '') || isEventName(text, match.index)) continue;
      found.set(key, where);
    }
  }
  return found;
}

describe('locale files', () => {
  it('have the same namespace files in Arabic and English', () => {
    expect(namespaceFiles('ar').sort()).toEqual(namespaceFiles('en').sort());
  });

  it('have the same keys in Arabic and English', () => {
    // Plural forms differ by language: compare the keys they stand for.
    const [arKeys, enKeys] = [baseKeys('ar'), baseKeys('en')];
    const onlyAr = [...arKeys].filter((key) => !enKeys.has(key));
    const onlyEn = [...enKeys].filter((key) => !arKeys.has(key));
    expect({ onlyAr, onlyEn }).toEqual({ onlyAr: [], onlyEn: [] });
  });

  it('give every counted text all the plural forms of its language', () => {
    const plurals = new Set(
      [...locales.ar.keys(), ...locales.en.keys()].filter((key) => pluralSuffix.test(key)).map(baseKey),
    );
    const missing = [...plurals].flatMap((key) =>
      (['ar', 'en'] as const).flatMap((language) =>
        pluralForms[language]
          .map((form) => `${key}_${form}`)
          .filter((form) => !locales[language].has(form))
          .map((form) => `${language}:${form}`),
      ),
    );
    // A counted text is either plural or not: no plain key beside its forms.
    const both = [...plurals].filter((key) => locales.ar.has(key) || locales.en.has(key));
    expect({ missing, both }).toEqual({ missing: [], both: [] });
  });

  it('have no empty texts', () => {
    const empty = ['ar', 'en'].flatMap((language) =>
      [...locales[language as 'ar' | 'en']]
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => `${language}:${key}`),
    );
    expect(empty).toEqual([]);
  });

  it('translate every error and validation key of the contract', () => {
    const contractKeys = [...Object.values(errorCodes), ...Object.values(validationKeys)];
    const missing = contractKeys.filter((key) => !locales.ar.has(key) || !locales.en.has(key));
    expect(missing).toEqual([]);
  });

  it('translate every key the source code uses, in both languages', () => {
    const missing = [...usedKeys()]
      .filter(([key]) => !hasKey('ar', key) || !hasKey('en', key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});

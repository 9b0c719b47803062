import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's translations: the same locale files the browser uses, read as data (never by
 * importing browser code), for what the server renders itself: e-mails and public answer pages.
 * Keys are `namespace:path.to.key`; English fills in where Arabic lacks one.
 */
export type Language = 'ar' | 'en';
const LOCALES_DIR = localesDir();
const FALLBACK: Language = 'en';

/**
 * src/i18n/locales, found upward from this module: it runs from server/lib under tsx and from a
 * bundle elsewhere in the project under `npm start` (scripts/build-server.ts).
 */
function localesDir(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'src', 'i18n', 'locales');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no src/i18n/locales above ${import.meta.dirname}`);
  }
}

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree | null>();

function namespace(language: Language, ns: string): Tree | null {
  const id = `${language}/${ns}`;
  if (!cache.has(id)) {
    try {
      cache.set(id, JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${ns}.json`), 'utf8')) as Tree);
    } catch {
      cache.set(id, null);
    }
  }
  return cache.get(id) ?? null;
}

function lookup(tree: Tree | null, keyPath: string): string | undefined {
  let node: string | Tree | undefined = tree ?? undefined;
  for (const part of keyPath.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

// Resolved texts by language and key: every e-mail of a campaign asks for the same few strings, and
// splitting the key and walking the tree per message was a twelfth of composing one.
const resolved = new Map<string, string>();

function resolve(language: Language, key: string): string {
  const id = `${language}\u0000${key}`;
  let text = resolved.get(id);
  if (text === undefined) {
    const [ns, keyPath] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
    text = lookup(namespace(language, ns), keyPath) ?? lookup(namespace(FALLBACK, ns), keyPath) ?? key;
    if (resolved.size < 10_000) resolved.set(id, text);
  }
  return text;
}

/** `t('ar', 'mail:reset.subject', { name })`; an unknown key comes back as itself, so it shows. */
export function t(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = resolve(language, key);
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

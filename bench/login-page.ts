/**
 * Which built files a visitor's browser fetches for the login page, read from Vite's manifest
 * (dist/.vite/manifest.json). Shared by bench/bundle.ts, which prints their sizes, and
 * tests/e2e/login-page-files.e2e.ts, which checks in Chromium that the page fetches exactly these
 * files, so the figure cannot quietly leave out a chunk the page loads on its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/i18n/languages.ts';

export type Chunk = {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, Chunk>;

/** The lazy screens src/app/router.tsx renders at #/auth/login (AuthLayout, then LoginScreen). */
export const LOGIN_ROUTE_SCREENS = ['src/screens/auth/auth-layout.tsx', 'src/screens/auth/login-screen.tsx'];

/**
 * Lazy chunks the app loads on its own at start, whatever the route. None today: the toast
 * container loads with the first toast or at sign-in (src/app/lazy-notifications.tsx).
 */
export const LOADED_AT_START: string[] = [];

/**
 * The texts the app loads before its first render, for the visitor's language only: the
 * sections of common.json the login page shows (src/i18n/signed-out-sections.ts).
 */
export const SIGNED_OUT_TEXTS: Record<Language, string> = {
  ar: 'src/i18n/signed-out/ar.ts',
  en: 'src/i18n/signed-out/en.ts',
};

/** What pressing "sign in" adds: the http client (axios), the auth contract and zod. */
export const SIGN_IN_REQUEST = ['src/services/http.ts'];

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Every file a set of manifest entries needs before it runs: its chunk, static imports, CSS. */
export function filesFor(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update bench/login-page.ts)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The files the login page loads in `language`: index.html's, what starts with it, its texts, the route's. */
export function loginPageFiles(manifest: Manifest, language: Language): Set<string> {
  return filesFor(manifest, [
    'index.html',
    ...LOADED_AT_START,
    SIGNED_OUT_TEXTS[language],
    ...LOGIN_ROUTE_SCREENS,
  ]);
}

/** The files pressing "sign in" fetches on top of the login page's. */
export function signInRequestFiles(manifest: Manifest, language: Language): Set<string> {
  const page = loginPageFiles(manifest, language);
  return new Set([...filesFor(manifest, SIGN_IN_REQUEST)].filter((file) => !page.has(file)));
}

/**
 * The parts of common.json the login page shows before sign-in (issue 6: the login page loads
 * only what it needs). Whole top-level sections, or one key by its dotted path. The build carries
 * just these in the first load (scripts/vite-signed-out-texts.ts); every other page waits for the
 * whole file (./common-texts.ts). tests/screens/signed-out-texts.test.tsx fails when the login
 * page shows a key that is not listed here.
 */
export const SIGNED_OUT_SECTIONS = [
  'app',
  'language',
  'common',
  // Every failure a sign-in can end in, and the texts the page shows after a sign-out.
  'errors',
  'auth',
  'validation.required',
  // The code step of a two-factor sign-in.
  'validation.invalidCode',
  // The route error page, shown when a screen's code fails to load (offline).
  'errorPages',
] as const;

type Tree = { [key: string]: unknown };

/** The listed sections of a common.json tree, nested as they are there. */
export function pickSections(texts: Tree, sections: readonly string[] = SIGNED_OUT_SECTIONS): Tree {
  const picked: Tree = {};
  for (const section of sections) {
    const path = section.split('.');
    let from: unknown = texts;
    for (const key of path) from = (from as Tree | undefined)?.[key];
    if (from === undefined) continue;
    let into = picked;
    for (const key of path.slice(0, -1)) into = (into[key] ??= {}) as Tree;
    into[path[path.length - 1] as string] = from;
  }
  return picked;
}

import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { pickSections } from '../src/i18n/signed-out-sections.ts';

const QUERY = '?signed-out';

/**
 * `import texts from './locales/ar/common.json?signed-out'` gives only the SIGNED_OUT_SECTIONS of
 * that file (src/i18n/signed-out-sections.ts), as a module of its own: the login page's first
 * load carries them without the rest of the file, which stays the one place the texts live.
 * Used by the build and the browser tests alike.
 */
export function signedOutTexts(): Plugin {
  return {
    name: 'el-namer:signed-out-texts',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(`.json${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const texts = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return { code: `export default ${JSON.stringify(pickSections(texts))};`, moduleType: 'js' };
    },
  };
}

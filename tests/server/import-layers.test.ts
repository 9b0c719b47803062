import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code base, checked from the files themselves (eslint.config.js says the same
 * to the editor, and the last test here proves its rules fire): machines never import screens or
 * services, not even their types (a shape both use is the machine's to declare, or the
 * contract's); services import machines' types only; contract/ imports only zod and other
 * contract files; server/ and src/ never import each other. See docs/architecture.md.
 */
const root = resolve(import.meta.dirname, '../..');

interface Import {
  from: string;
  specifier: string;
  typeOnly: boolean;
}

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\s\S]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every import and re-export of one source text (static, `import type`, dynamic). */
export function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[3] ?? match[4];
    if (specifier) found.push({ from: file, specifier, typeOnly: Boolean(match[2]) });
  }
  return found;
}

/** Where a relative specifier lands, as a path from the repository root ('src/services/http.ts'). */
function target(entry: Import): string | null {
  if (!entry.specifier.startsWith('.')) return null;
  return relative(root, resolve(dirname(join(root, entry.from)), entry.specifier))
    .split(sep)
    .join('/');
}

const under = (path: string | null, folder: string) => path !== null && path.startsWith(`${folder}/`);

/** The rule an import breaks, or null. */
export function violation(entry: Import): string | null {
  const to = target(entry);
  const from = entry.from;
  if (under(from, 'src/machines') && (under(to, 'src/screens') || under(to, 'src/services')))
    return 'machines never import screens or services';
  if (
    under(from, 'src/services') &&
    !entry.typeOnly &&
    (under(to, 'src/machines') || under(to, 'src/screens'))
  )
    return "services import machines' types only";
  if (under(from, 'contract')) {
    const ok =
      entry.specifier === 'zod' || (under(to, 'contract') && !to?.slice('contract/'.length).includes('/'));
    if (!ok) return 'contract/ imports only zod and other contract files';
  }
  if (under(from, 'server') && under(to, 'src')) return 'server/ never imports src/';
  if (under(from, 'src') && under(to, 'server')) return 'src/ never imports server/';
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('import layers', () => {
  it('finds static, type-only, re-exported and dynamic imports', () => {
    const text = [
      "import { a } from '../services/http.ts';",
      "import type { B } from '../services/auth-storage.ts';",
      "export { c } from './c.ts';",
      'import {\n  d,\n  e,\n} from "zod";',
      "const Screen = lazy(() => import('../screens/x.tsx'));",
    ].join('\n');

    expect(importsOf('src/machines/x.ts', text)).toEqual([
      { from: 'src/machines/x.ts', specifier: '../services/http.ts', typeOnly: false },
      { from: 'src/machines/x.ts', specifier: '../services/auth-storage.ts', typeOnly: true },
      { from: 'src/machines/x.ts', specifier: './c.ts', typeOnly: false },
      { from: 'src/machines/x.ts', specifier: 'zod', typeOnly: false },
      { from: 'src/machines/x.ts', specifier: '../screens/x.tsx', typeOnly: false },
    ]);
  });

  it('names each kind of violation', () => {
    const check = (from: string, specifier: string, typeOnly = false) =>
      violation({ from, specifier, typeOnly });

    expect(check('src/machines/a.ts', '../services/http.ts')).toMatch(/machines/);
    expect(check('src/machines/sub/a.ts', '../../screens/x.tsx')).toMatch(/machines/);
    expect(check('src/machines/a.ts', '../services/auth-storage.ts', true)).toMatch(/machines/);
    expect(check('src/services/a.ts', '../machines/auth.machine.ts')).toMatch(/services/);
    expect(check('src/services/a.ts', '../machines/list.machine.ts', true)).toBeNull();
    expect(check('src/machines/a.ts', '../lib/app-error.ts')).toBeNull();
    expect(check('contract/a.contract.ts', 'axios')).toMatch(/contract/);
    expect(check('contract/a.contract.ts', '../src/lib/x.ts')).toMatch(/contract/);
    expect(check('contract/a.contract.ts', './b.contract.ts')).toBeNull();
    expect(check('contract/a.contract.ts', 'zod')).toBeNull();
    expect(check('server/modules/x/x.routes.ts', '../../../src/lib/app-error.ts')).toMatch(/server/);
    expect(check('server/app.ts', '../contract/theme.contract.ts')).toBeNull();
    expect(check('src/app/x.ts', '../../server/config.ts')).toMatch(/src/);
  });

  it('hold in every file of src/, contract/ and server/', () => {
    const broken = ['src', 'contract', 'server']
      .flatMap(sourceFiles)
      .flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')))
      .flatMap((entry) => {
        const rule = violation(entry);
        return rule ? [`${entry.from} -> ${entry.specifier}: ${rule}`] : [];
      });

    expect(broken).toEqual([]);
  });
});

describe('the lint rules of the layers', () => {
  const eslint = new ESLint({ cwd: root });
  /** The rules the sample file breaks, as ESLint reports them for a file at `path`. */
  async function brokenRules(path: string, text: string): Promise<(string | null)[]> {
    const [result] = await eslint.lintText(text, { filePath: join(root, path) });
    return result!.messages.map((message) => message.ruleId);
  }
  const restricted = '@typescript-eslint/no-restricted-imports';

  it('fail a machine that imports a service, even only its types', async () => {
    const value = "import { login } from '../services/auth.service.ts';\nexport const use = login;\n";
    const typeOnly = "import type { Call } from '../services/http.ts';\nexport type Use = Call;\n";

    expect(await brokenRules('src/machines/layer-sample.ts', value)).toContain(restricted);
    expect(await brokenRules('src/machines/layer-sample.ts', typeOnly)).toContain(restricted);
  });

  it("fail a service that imports a machine's values, and let it name its types", async () => {
    const value =
      "import { authMachine } from '../machines/auth.machine.ts';\nexport const use = authMachine;\n";
    const typeOnly =
      "import type { ListRequest } from '../machines/list.machine.ts';\nexport type Use = ListRequest;\n";

    expect(await brokenRules('src/services/layer-sample.ts', value)).toContain(restricted);
    expect(await brokenRules('src/services/layer-sample.ts', typeOnly)).toEqual([]);
  });
});

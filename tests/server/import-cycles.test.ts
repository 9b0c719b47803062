import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circles in src/, server/ or contract/: in a circle no file can be read, tested or
 * moved without the others, and the order modules start in decides what each one sees. Type-only
 * imports count too (they tie the files together just the same). A test rather than the
 * import-x/no-cycle lint rule: it reads the ~500 files once, in about a second, where the lint rule
 * would resolve every import of every file again and slow `eslint .` down.
 */
const root = resolve(import.meta.dirname, '../..');

type Graph = Map<string, string[]>;

/**
 * Each file's imports (static, type-only, re-exports, dynamic), as TypeScript's own scanner finds
 * them (comments and strings are not imports), limited to the files given.
 */
export function importGraph(files: Map<string, string>): Graph {
  const graph: Graph = new Map();
  for (const [file, text] of files) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => fileName.replace(/\?.*$/, ''))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => join(dirname(file), specifier).split(sep).join('/'))
      .flatMap(
        (path) => [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((p) => files.has(p)) ?? [],
      );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One circle through each group of files that import each other (Tarjan), as a readable path. */
export function cyclesOf(graph: Graph): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => circleThrough(graph, group).join(' -> '));
}

/** A path from the group's first file (by name) back to itself, through the group only. */
function circleThrough(graph: Graph, group: string[]): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of graph.get(file) ?? []) {
      if (!group.includes(to)) continue;
      if (to === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return group;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('import cycles', () => {
  it('are found through type-only imports, re-exports and dynamic imports, and named', () => {
    const fixture = new Map([
      ['src/a.ts', "import type { B } from './b.ts';\n// import { d } from './d.ts';\nexport type A = B;"],
      ['src/b.ts', "export { c } from './lib/c.ts';\nexport type B = string;"],
      ['src/lib/c.ts', "export const c = () => import('../a.ts');"],
      ['src/d.ts', "import { c } from './lib/c.ts';\nconst text = \"import { d } from './d.ts'\";"],
      ['src/e.ts', "import { e } from './e.ts';"],
    ]);

    expect(cyclesOf(importGraph(fixture))).toEqual([
      'src/a.ts -> src/b.ts -> src/lib/c.ts -> src/a.ts',
      'src/e.ts -> src/e.ts',
    ]);
    expect(cyclesOf(importGraph(new Map([...fixture].filter(([file]) => file !== 'src/lib/c.ts'))))).toEqual([
      'src/e.ts -> src/e.ts',
    ]);
  });

  it('are none in src/, server/ and contract/', () => {
    const files = new Map(
      ['src', 'server', 'contract']
        .flatMap(sourceFiles)
        .map((file) => [file, readFileSync(join(root, file), 'utf8')]),
    );

    expect(cyclesOf(importGraph(files))).toEqual([]);
  });
});

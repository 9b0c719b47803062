/**
 * `npm run test:paths`: the paths that model-based tests walk, as test scripts people follow.
 * For every machine in tests/models/catalog.ts: the shortest way to each checkable state, the
 * complete journeys that visit no state twice, one path for each transition those miss, and a
 * coverage summary; then the app-level journeys composed from the machines (scripts/qa/journeys.ts).
 * Every step has an action and an expected result, in Arabic or English (qa namespace).
 *
 *   --lang ar|en                    language of the steps (default ar, the app's default)
 *   --format md|gherkin|csv|json    manual test script, feature files, TestRail/Xray CSV, JSON (md)
 *   --machine NAME                  one machine, or `journeys` for the app-level journeys only
 *   --max N                         at most N complete journeys per machine (60)
 *   --out DIR                       write one file per machine and test-paths-journeys.<ext> to DIR
 *                                   instead of printing
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineModels } from '../tests/models/catalog.ts';
import { extensions, formats, render, type Format, type QaDocument } from './qa/formats.ts';
import { journeyPath, journeys } from './qa/journeys.ts';
import { machinePaths } from './qa/paths.ts';
import { qaLanguages, ui, type QaLanguage } from './qa/words.ts';

export interface Options {
  lang: QaLanguage;
  format: Format;
  machine?: string;
  max: number;
  out?: string;
}

export function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      lang: { type: 'string', default: 'ar' },
      format: { type: 'string', default: 'md' },
      machine: { type: 'string' },
      max: { type: 'string', default: process.env.MAX_SIMPLE_PATHS ?? '60' },
      out: { type: 'string' },
    },
  });
  const lang = values.lang as QaLanguage;
  const format = values.format as Format;
  const max = Number(values.max);
  if (!qaLanguages.includes(lang)) throw new Error(`--lang must be one of ${qaLanguages.join(', ')}`);
  if (!formats.includes(format)) throw new Error(`--format must be one of ${formats.join(', ')}`);
  if (!Number.isInteger(max) || max < 1) throw new Error('--max must be a whole number above 0');
  const machine = values.machine ?? positionals[0];
  const known = [...machineModels.map((model) => model.name), 'journeys'];
  if (machine && !known.includes(machine)) throw new Error(`--machine must be one of ${known.join(', ')}`);
  return { lang, format, max, ...(machine ? { machine } : {}), ...(values.out ? { out: values.out } : {}) };
}

export function machineDocument(name: string, lang: QaLanguage, max: number): QaDocument {
  const model = machineModels.find((item) => item.name === name);
  if (!model) throw new Error(`No machine ${name}`);
  const paths = machinePaths(model, lang, max);
  return {
    name,
    title: paths.title,
    sections: [
      { heading: ui(lang, 'shortest'), paths: paths.shortest },
      { heading: ui(lang, 'simple'), paths: paths.simple },
      { heading: ui(lang, 'extra'), paths: paths.extra },
    ],
    coverage: paths.coverage,
  };
}

export function journeysDocument(lang: QaLanguage): QaDocument {
  return {
    name: 'journeys',
    title: ui(lang, 'journeys'),
    sections: [
      { heading: ui(lang, 'journeys'), paths: journeys.map((journey) => journeyPath(lang, journey)) },
    ],
  };
}

export function documents(options: Options): QaDocument[] {
  const names = machineModels
    .map((model) => model.name)
    .filter((name) => !options.machine || options.machine === name);
  const docs = names.map((name) => machineDocument(name, options.lang, options.max));
  if (!options.machine || options.machine === 'journeys') docs.push(journeysDocument(options.lang));
  return docs;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const docs = documents(options);
  if (!options.out) {
    process.stdout.write(render(options.format, options.lang, docs));
    return;
  }
  const dir = path.resolve(options.out);
  await mkdir(dir, { recursive: true });
  const ext = extensions[options.format];
  for (const doc of docs) {
    await writeFile(
      path.join(dir, `${doc.name}.${options.lang}.${ext}`),
      render(options.format, options.lang, [doc]),
    );
  }
  console.log(
    `${docs.length} files written to ${path.relative(process.cwd(), dir) || '.'}/ (*.${options.lang}.${ext})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

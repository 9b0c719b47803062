/**
 * QA's test paths written out: a manual test script (md), Gherkin feature files (Arabic keywords
 * with `# language: ar`), a CSV in the multi-row shape TestRail and Xray import, and JSON.
 */
import { dialects } from '@cucumber/gherkin';
import type { Coverage, QaPath } from './paths.ts';
import { ui, type QaLanguage } from './words.ts';

export const formats = ['md', 'gherkin', 'csv', 'json'] as const;
export type Format = (typeof formats)[number];
export const extensions: Record<Format, string> = { md: 'md', gherkin: 'feature', csv: 'csv', json: 'json' };

/** One machine's paths, or one app-level journey group, ready to be written. */
export interface QaDocument {
  name: string;
  title: string;
  sections: Array<{ heading: string; paths: QaPath[] }>;
  coverage?: Coverage;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function coverageLines(language: QaLanguage, coverage: Coverage): string[] {
  const { states, transitions, omitted } = coverage;
  return [
    ui(language, 'statesCovered', { covered: states.covered, total: states.total }),
    ui(language, 'transitionsCovered', { covered: transitions.covered, total: transitions.total }),
    // Each miss with why it is missed (qa.json `uncovered`), one line each.
    ...[...states.missing, ...transitions.missing].map(
      (item) =>
        `${ui(language, 'notCovered')}: ${coverage.reasons[item] ? ui(language, 'omittedWhy', { event: item, reason: coverage.reasons[item] }) : item}`,
    ),
    ...omitted.map(
      (item) =>
        `${ui(language, 'omitted')}: ${ui(language, 'omittedWhy', { event: item.event, reason: item.reason })}`,
    ),
  ];
}

export function toMarkdown(language: QaLanguage, doc: QaDocument): string {
  const lines = [`# ${doc.title}`];
  let number = 0;
  for (const section of doc.sections) {
    if (section.paths.length === 0) continue;
    lines.push('', `## ${section.heading}`);
    for (const path of section.paths) {
      number += 1;
      lines.push(
        '',
        `### ${number}. ${path.title}`,
        '',
        `**${ui(language, 'preconditions')}:** ${path.preconditions}`,
        '',
        `| # | ${ui(language, 'action')} | ${ui(language, 'expected')} |`,
        '| - | - | - |',
        ...path.steps.map(
          (step, index) => `| ${index + 1} | ${cell(step.action)} | ${cell(step.expected)} |`,
        ),
      );
    }
  }
  if (doc.coverage) {
    lines.push(
      '',
      `## ${ui(language, 'coverage')}`,
      '',
      ...coverageLines(language, doc.coverage).map((l) => `- ${l}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The dialect's keyword for a step, not the catch-all `* `. */
function keyword(language: QaLanguage, kind: 'given' | 'when' | 'then' | 'and'): string {
  const dialect = dialects[language];
  if (!dialect) throw new Error(`No Gherkin dialect ${language}`);
  // Arabic lists متى before عندما and اذاً before ثم: the last ones read as a test script does.
  return dialect[kind].filter((word) => word.trim() !== '*').at(-1) ?? '* ';
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function toGherkin(language: QaLanguage, doc: QaDocument): string {
  const dialect = dialects[language];
  if (!dialect) throw new Error(`No Gherkin dialect ${language}`);
  const [given, when, then, and] = (['given', 'when', 'then', 'and'] as const).map((kind) =>
    keyword(language, kind),
  );
  const lines = [`# language: ${language}`, `${dialect.feature[0]}: ${oneLine(doc.title)}`];
  if (doc.coverage) lines.push(...coverageLines(language, doc.coverage).map((l) => `  # ${oneLine(l)}`));
  let number = 0;
  for (const section of doc.sections) {
    for (const path of section.paths) {
      number += 1;
      const [begin, ...steps] = path.steps;
      lines.push('', `  ${dialect.scenario.at(-1)}: ${number}. ${oneLine(path.title)}`);
      lines.push(`    # ${oneLine(section.heading)}`);
      lines.push(`    ${given}${oneLine(path.preconditions)}`);
      if (begin) lines.push(`    ${then}${oneLine(begin.expected)}`);
      for (const step of steps) {
        lines.push(`    ${when}${oneLine(step.action)}`, `    ${then}${oneLine(step.expected)}`);
      }
      void and;
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The CSV columns, in the multi-row shape TestRail and Xray import (README "Test paths for QA"). */
export const csvColumns = [
  'ID',
  'Title',
  'Section',
  'Preconditions',
  'Step',
  'Action',
  'Expected Result',
] as const;

const csvField = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/**
 * One row per step; ID on every row ties the rows of one test case, and Title, Section and
 * Preconditions are on its first row only (TestRail: "test cases span multiple rows", new case
 * when Title is set; Xray: rows grouped by the ID column).
 */
export function toCsv(docs: QaDocument[]): string {
  const rows: Array<Array<string | number>> = [[...csvColumns]];
  for (const doc of docs) {
    let number = 0;
    for (const section of doc.sections) {
      for (const path of section.paths) {
        number += 1;
        const id = `${doc.name}-${number}`;
        path.steps.forEach((step, index) => {
          const first = index === 0;
          rows.push([
            id,
            first ? path.title : '',
            first ? `${doc.title} / ${section.heading}` : '',
            first ? path.preconditions : '',
            index + 1,
            step.action,
            step.expected,
          ]);
        });
      }
    }
  }
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export function toJson(docs: QaDocument[]): string {
  return `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`;
}

/** The text of one format for some documents (md and gherkin: one after the other). */
export function render(format: Format, language: QaLanguage, docs: QaDocument[]): string {
  if (format === 'csv') return toCsv(docs);
  if (format === 'json') return toJson(docs);
  const one = format === 'md' ? toMarkdown : toGherkin;
  return docs.map((doc) => one(language, doc)).join('\n');
}
